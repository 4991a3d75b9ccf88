import ConcurrencyLesson

/// Shares one text to several outputs at once: every post starts without waiting for the
/// others, and `share` returns once every output has the post. If an output fails, `share`
/// throws its error. Each post runs under the trace id of the share (`Trace.id`), which the
/// caller sets with `Trace.$id.withValue(…)`, so that the logs of one share can be found.
struct BatchSharer {
    let outputs: [any AsyncPostOutput]

    func share(_ text: String) async throws {
        // Child tasks: they run at the same time, see the caller's task-local values, and
        // the group waits for all of them; the first error is thrown here.
        try await withThrowingTaskGroup(of: Void.self) { group in
            for output in outputs.reversed() {
                group.addTask {
                    try await output.post(text)
                }
            }
            try await group.waitForAll()
        }
    }
}
