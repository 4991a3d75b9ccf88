import ConcurrencyLesson

/// Shares one text to several outputs at once: every post starts without waiting for the
/// others, and `share` returns once every output has the post. If an output fails, `share`
/// throws its error. Each post runs under the trace id of the share (`Trace.id`), which the
/// caller sets with `Trace.$id.withValue(…)`, so that the logs of one share can be found.
final class BatchSharer: Sendable {
    typealias Job = (text: String, done: CheckedContinuation<Void, any Error>)

    let outputs: [any AsyncPostOutput]
    private let jobs: AsyncStream<Job>.Continuation

    init(outputs: [any AsyncPostOutput]) {
        self.outputs = outputs
        let (stream, jobs) = AsyncStream.makeStream(of: Job.self)
        self.jobs = jobs
        // One worker for every share, started once, here.
        Task {
            for await job in stream {
                do {
                    try await withThrowingTaskGroup(of: Void.self) { group in
                        for output in outputs {
                            group.addTask { try await output.post(job.text) }
                        }
                        try await group.waitForAll()
                    }
                    job.done.resume()
                } catch {
                    job.done.resume(throwing: error)
                }
            }
        }
    }

    deinit {
        jobs.finish()
    }

    func share(_ text: String) async throws {
        try await withCheckedThrowingContinuation { done in
            jobs.yield((text, done))
        }
    }
}
