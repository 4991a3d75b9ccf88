import Foundation

/// Runs async work to its end from synchronous code on the main thread, such as a demo's
/// `run`: the work starts on the main actor, and the main run loop turns until it is done.
///
/// A semaphore would not do: waiting on it would block the main thread, and with it every
/// job of the main actor, the work's own included.
enum MainRunLoop {
    private final class Flag: @unchecked Sendable {
        // Read and written on the main thread only (the work runs on the main actor).
        var done = false
    }

    static func run(_ work: @escaping @MainActor @Sendable () async -> Void) {
        precondition(Thread.isMainThread, "MainRunLoop.run turns the main run loop: call it on the main thread")
        let flag = Flag()
        Task { @MainActor in
            await work()
            flag.done = true
        }
        while !flag.done {
            _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 0.05))
        }
    }
}
