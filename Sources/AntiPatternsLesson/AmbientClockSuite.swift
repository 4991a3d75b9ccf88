import Domain
import Foundation

/// Two tests of `PostStamper`, which reads the ambient `TimeProvider.current`.
///
/// The first sets a fake clock and never puts the real one back; the second expects the real
/// time. Alone, each passes; after the first, the second runs on fake time.
public enum AmbientClockSuite {
    /// A: sets `TimeProvider.current` to a clock stopped at 2016-06-18, and stamps.
    public static let stampsWithTheFakeDay = DemoTest("A", "stamps with the day the test set") {
        TimeProvider.current = LocatorSuite.day
        try DemoTest.expectEqual(PostStamper().stamp("Hello"), "Hello (2016-06-18 00:00 UTC)", "the stamp")
    }

    /// B: expects today's date, as the app would stamp it.
    public static let stampsWithToday = DemoTest("B", "stamps with today's date") {
        let day = String(PostStamper().stamp("Hello").dropFirst("Hello (".count).prefix(10))
        try DemoTest.expectEqual(day, String(Date().utcStamp.prefix(10)), "the day in the stamp")
    }
}
