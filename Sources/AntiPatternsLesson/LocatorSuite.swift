import Domain
import Foundation

/// Two tests of `SharePresenter`, written as a team writes them against `ServiceLocator.shared`.
///
/// Each passes when it runs alone. The first registers its stand-ins and, like most such
/// tests, never removes them; the second then finds an output it never registered.
public enum LocatorSuite {
    /// 2016-06-18 00:00 UTC: the day every lesson's tests stop the clock at.
    static let day = FixedClock(date: Date(timeIntervalSince1970: 1_466_208_000))

    /// A: registers a spy, a stopped clock and a logger, shares, and looks at the spy.
    public static let sharingPostsThroughTheRegisteredOutput = DemoTest("A", "sharing posts the stamped text through the registered output") {
        let spy = RecordingOutput()
        ServiceLocator.shared.register((any SocialPostOutput).self) { spy }
        ServiceLocator.shared.register((any Clock).self) { day }
        ServiceLocator.shared.register((any Logger).self) { RecordingLogger() }

        try SharePresenter().share("Hello")

        try DemoTest.expectEqual(spy.texts, ["Hello (2016-06-18 00:00 UTC)"], "the spy's texts")
    }

    /// B: registers a clock and a logger but no output, and expects `share` to say so.
    public static let sharingWithoutAnOutputFails = DemoTest("B", "sharing with no output registered fails, naming what is missing") {
        ServiceLocator.shared.register((any Clock).self) { day }
        ServiceLocator.shared.register((any Logger).self) { RecordingLogger() }

        do {
            try SharePresenter().share("Hello")
        } catch let error as ServiceLocatorError {
            try DemoTest.expectEqual(error, .notRegistered("SocialPostOutput"), "the error")
            return
        }
        throw DemoTestFailure(message: "share posted, through an output this test never registered")
    }
}
