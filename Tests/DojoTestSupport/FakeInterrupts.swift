import DojoShell
import Foundation

/// Ctrl-C as the tests press it.
public final class FakeInterrupts: InterruptSource, @unchecked Sendable {
    // Guarded by `lock`, hence the `@unchecked Sendable`.
    private let lock = NSLock()
    private var pending = 0

    public init() {}

    public func press() { lock.withLock { pending += 1 } }

    public func takeInterrupt() -> Bool {
        lock.withLock {
            guard pending > 0 else { return false }
            pending -= 1
            return true
        }
    }
}
