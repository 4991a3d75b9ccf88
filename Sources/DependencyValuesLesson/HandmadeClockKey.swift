import Domain
import Foundation

/// The key for the clock in the hand-built store: the real time when live, and a clock stopped
/// at 2016-06-18 00:00 UTC in tests, so a test that forgets to choose a clock still gets the
/// same text on every run.
public enum HandmadeClockKey: HandmadeDependencyKey {
    public static let liveValue: any Domain.Clock = SystemClock()
    public static let testValue: any Domain.Clock = FixedClock(date: Date(timeIntervalSince1970: 1_466_208_000))
}

extension HandmadeDependencyValues {
    /// The clock, as `\.clock`: the property that `@Injected(\.clock)` and overrides name.
    public var clock: any Domain.Clock {
        get { self[HandmadeClockKey.self] }
        set { self[HandmadeClockKey.self] = newValue }
    }
}
