import ConcurrencyLesson

/// Shares one text to several outputs at once: every post starts without waiting for the
/// others, and `share` returns once every output has the post. If an output fails, `share`
/// throws its error. Each post runs under the trace id of the share (`Trace.id`), which the
/// caller sets with `Trace.$id.withValue(…)`, so that the logs of one share can be found.
struct BatchSharer {
    let outputs: [any AsyncPostOutput]

    func share(_ text: String) async throws {
        // TODO: these posts lose the trace id, and `share` returns before they are done.
        for output in outputs {
            Task.detached {
                try await output.post(text)
            }
        }
    }
}
