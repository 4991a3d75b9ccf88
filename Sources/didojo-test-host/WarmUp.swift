import Foundation
import TestHostProtocol
import XCTest

/// What a run's checks would otherwise do for the first time once they start, done while the
/// program waits behind its gate for the learner's code to compile (on the core the compiler
/// leaves idle).
///
/// The first use of each of these in a process costs a millisecond or so (ICU's calendar data,
/// the type lookups of JSON coding and of a test's run, Foundation's environment), and the
/// learner waits for them after the compile: a fifth of a quick run's time. Done before any of
/// the learner's code is loaded, so nothing of it can see or change what this leaves behind:
/// caches that Swift, Foundation and XCTest keep anyway, and no file.
enum WarmUp {
    static func run(lessonLibrary: UnsafeMutableRawPointer?) {
        _ = ProcessInfo.processInfo.environment
        // A line as the reporter writes it (see `ResultReporter`).
        _ = try? JSONSerialization.data(withJSONObject: ["token": "", "event": "start", "test": "A.b", "message": "", "file": "", "line": 1])
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        _ = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: Date(timeIntervalSince1970: 0))
        // The domain's own first uses, by the lesson library's C name for them (see
        // `warmUpDomain` in Domain).
        if let lessonLibrary, let symbol = dlsym(lessonLibrary, TestHostProtocol.domainWarmUpSymbol) {
            unsafeBitCast(symbol, to: (@convention(c) () -> Void).self)()
        }
        // One test of this program's own through XCTest, with no observer yet: nothing is
        // printed or reported.
        let suite = XCTestSuite(name: "WarmUp")
        suite.addTest(WarmUpTests(name: "WarmUpTests.testNothing", testClosure: { _ in XCTAssertTrue(true) }))
        suite.run()
    }
}

/// The class of `WarmUp`'s one test.
final class WarmUpTests: XCTestCase {}
