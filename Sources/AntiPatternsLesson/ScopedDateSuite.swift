import Dependencies
import Foundation

/// The two tests of `AmbientClockSuite` again, for `DependencyStamper`: the fake day is set
/// with `withDependencies`, so it ends with the closure.
public enum ScopedDateSuite {
    /// A′: stamps inside a scope whose date is stopped at 2016-06-18.
    public static let stampsWithTheFakeDay = DemoTest("A′", "stamps with the day the test set") {
        let stamp = withDependencies {
            $0.date.now = LocatorSuite.day.date
        } operation: {
            DependencyStamper().stamp("Hello")
        }
        try DemoTest.expectEqual(stamp, "Hello (2016-06-18 00:00 UTC)", "the stamp")
    }

    /// B′: expects today's date, with no override.
    public static let stampsWithToday = DemoTest("B′", "stamps with today's date") {
        let day = String(DependencyStamper().stamp("Hello").dropFirst("Hello (".count).prefix(10))
        try DemoTest.expectEqual(day, String(Date().utcStamp.prefix(10)), "the day in the stamp")
    }
}
