import Domain
import Foundation

/// The app's clock, readable and settable from anywhere: an Ambient Context.
///
/// DIPP&P's own example of the anti-pattern is a `TimeProvider.Current`; this is the same idea.
/// Code calls `TimeProvider.current.now()` instead of receiving a clock, and a test sets
/// `TimeProvider.current` to a `FixedClock`, for everybody, until somebody sets it back.
///
/// In Swift 6 a plain `static var current` does not even compile ("not concurrency-safe
/// because it is nonisolated global shared mutable state"); the lock below makes every read
/// and write safe. It does not make a change *scoped*: that is what the lesson is about.
public enum TimeProvider {
    // Every access holds `lock`; the value is `Sendable`, so handing it out is safe.
    private static let lock = NSLock()
    nonisolated(unsafe) private static var clock: any Clock = SystemClock()

    /// The clock every reader sees: the real one unless somebody changed it.
    public static var current: any Clock {
        get { lock.withLock { clock } }
        set { lock.withLock { clock = newValue } }
    }

    /// Runs `body` with `clock` as the current clock, then puts the previous one back, even
    /// when `body` throws.
    ///
    /// A discipline, not a scope: while `body` runs, code on every other thread sees `clock`
    /// too, and nothing stops anybody from assigning `current` directly.
    public static func using<Result>(_ clock: any Clock, _ body: () throws -> Result) rethrows -> Result {
        let previous = current
        current = clock
        defer { current = previous }
        return try body()
    }
}
