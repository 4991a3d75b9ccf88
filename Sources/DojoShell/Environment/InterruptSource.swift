/// Ctrl-C, as the shell sees it.
///
/// Injected: the live one reads the SIGINT flag; tests press "Ctrl-C" on a fake.
package protocol InterruptSource: Sendable {
    /// Returns true once per Ctrl-C press since the last time it was asked, then false.
    func takeInterrupt() -> Bool
    /// Returns at the next Ctrl-C (taking it), or as soon as the calling task is cancelled.
    func nextInterrupt() async
    /// Whether the program was told to stop (SIGTERM, or SIGHUP when its terminal closed), which
    /// interrupts as Ctrl-C does: the shell then quits once what was under way has stopped.
    var stopRequested: Bool { get }
}

extension InterruptSource {
    /// Runs `operation`, cancelling it when Ctrl-C is pressed meanwhile, and returns what it
    /// returns (a cancelled check returns its `.cancelled` report). Cancellation is Swift's
    /// own: `operation` stops the way it stops when any task is cancelled.
    package func cancellingOnInterrupt<Value: Sendable>(
        _ operation: @escaping @Sendable () async throws -> Value
    ) async throws -> Value {
        try await withThrowingTaskGroup(of: Value?.self) { group in
            group.addTask { try await operation() }
            group.addTask {
                await self.nextInterrupt()
                return nil
            }
            while let finished = try await group.next() {
                // The operation's value ends the wait; a Ctrl-C (nil) cancels the operation,
                // whose value, when it has stopped, comes next.
                if let value = finished {
                    group.cancelAll()
                    return value
                }
                group.cancelAll()
            }
            throw CancellationError()
        }
    }
}
