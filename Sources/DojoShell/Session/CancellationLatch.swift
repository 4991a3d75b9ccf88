import Foundation

/// Turns "Ctrl-C was pressed" into "this run is cancelled", once and for good: the
/// interrupt flag is consumed when read, but a cancelled check must stay cancelled.
final class CancellationLatch: @unchecked Sendable {
    // Guarded by `lock`, which is what makes the `@unchecked Sendable` safe.
    private let lock = NSLock()
    private var cancelled = false
    private let interrupts: any InterruptSource

    init(interrupts: any InterruptSource) {
        self.interrupts = interrupts
    }

    func isCancelled() -> Bool {
        lock.withLock {
            if !cancelled && interrupts.takeInterrupt() { cancelled = true }
            return cancelled
        }
    }
}
