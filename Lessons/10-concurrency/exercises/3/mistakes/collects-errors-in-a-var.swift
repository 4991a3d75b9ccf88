import ConcurrencyLesson

/// Shares one text to several outputs at once: every post starts without waiting for the
/// others, and `share` returns once every output has the post. If an output fails, `share`
/// throws its error. Each post runs under the trace id of the share (`Trace.id`), which the
/// caller sets with `Trace.$id.withValue(…)`, so that the logs of one share can be found.
struct BatchSharer {
    let outputs: [any AsyncPostOutput]

    func share(_ text: String) async throws {
        // Every output is tried; the errors are collected, and the first one thrown at the end.
        var errors: [any Error] = []
        await withTaskGroup(of: Void.self) { group in
            for output in outputs {
                group.addTask {
                    do {
                        try await output.post(text)
                    } catch {
                        errors.append(error)
                    }
                }
            }
        }
        if let first = errors.first {
            throw first
        }
    }
}
