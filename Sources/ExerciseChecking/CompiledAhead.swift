import Synchronization

/// The code of a test-writing check's planted bugs, compiled ahead, one after the other, while
/// the subject's checks compile and run (see `CheckProgramRun.compileAhead`): their schema once
/// (see `PlantedBugSchemata`), and each one that is compiled alone.
///
/// Why: their code never changes, and once kept their runs only load it; but the first check
/// (an empty cache) compiled it only after the subject's run, two at a time, for half the
/// check. The subject's compiles leave a core idle, and the planted bugs' compiles take it at
/// a lower priority.
///
/// Once the subject's run is over, `stop()` takes no more: the runs compile what is left at
/// full priority, and the runs of the one being compiled at that moment wait for it
/// (`wait(for:)`) rather than compiling it a second time.
struct CompiledAhead: Sendable {
    private struct Progress {
        var next = 0
        var compiling: Int?
        var stopped = false
        /// The one being compiled when `stop()` was called.
        var unfinished: Int?
        /// Those whose code did not compile (a schema whose bodies the compiler reads otherwise),
        /// ahead or in a run.
        var failed: Set<Int> = []
    }

    private final class Shared: Sendable {
        let progress = Mutex(Progress())
    }

    private let shared: Shared
    private let task: Task<Void, Never>

    /// Starts compiling each of `requests`' code under test, in order.
    init(_ requests: [CheckProgramRequest], by programRun: CheckProgramRun) {
        let shared = Shared()
        self.shared = shared
        task = Task(priority: .background) {
            while !Task.isCancelled {
                let index = shared.progress.withLock { progress -> Int? in
                    guard !progress.stopped, progress.next < requests.count else { return nil }
                    progress.compiling = progress.next
                    progress.next += 1
                    return progress.compiling
                }
                guard let index else { return }
                let built = await programRun.compileAhead(requests[index])
                shared.progress.withLock { progress in
                    progress.compiling = nil
                    if case .failed = built { progress.failed.insert(index) }
                }
            }
        }
    }

    /// Starts no more.
    func stop() {
        shared.progress.withLock { progress in
            progress.stopped = true
            progress.unfinished = progress.compiling
        }
    }

    /// Returns once the code of `requests[index]` is no longer being compiled ahead.
    func wait(for index: Int) async {
        if shared.progress.withLock({ $0.unfinished == index }) { await task.value }
    }

    /// Whether the code of `requests[index]` did not compile, ahead or in a run that said so
    /// (`noteFailed(_:)`): a run that would compile it again had better take another way (see
    /// `PlantedBugRequests`).
    func failed(_ index: Int) -> Bool {
        shared.progress.withLock { $0.failed.contains(index) }
    }

    /// Records that the code of `requests[index]` did not compile in a run.
    func noteFailed(_ index: Int) {
        shared.progress.withLock { _ = $0.failed.insert(index) }
    }

    /// Stops the compiler, and returns once it has ended: for a check that ends early.
    func cancel() async {
        stop()
        task.cancel()
        await task.value
    }
}
