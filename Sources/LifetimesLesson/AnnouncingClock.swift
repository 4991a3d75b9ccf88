import Domain
import Foundation

/// A decorator around a clock: it writes a line for every wait, so the demo shows when a retry
/// backs off, then lets the wrapped clock do the waiting.
public struct AnnouncingClock: WaitingClock {
    private let inner: any WaitingClock
    private let write: @Sendable (String) -> Void

    public init(wrapping inner: any WaitingClock, write: @escaping @Sendable (String) -> Void) {
        self.inner = inner
        self.write = write
    }

    public func now() -> Date {
        inner.now()
    }

    public func sleep(for duration: Duration) throws {
        write("        … waiting \(duration.millisecondsText)\n")
        try inner.sleep(for: duration)
    }
}
