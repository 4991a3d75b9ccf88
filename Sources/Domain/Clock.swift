import Foundation

/// Something that can tell the current time.
///
/// Code that asks a `Clock` instead of calling `Date()` directly can be run at any moment in
/// history: production passes a `SystemClock`, a test or a demo passes a `FixedClock`.
public protocol Clock: Sendable {
    /// The current time, as this clock sees it.
    func now() -> Date
}
