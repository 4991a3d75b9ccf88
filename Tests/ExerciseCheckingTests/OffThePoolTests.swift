@testable import ExerciseChecking
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The checker's readings run on a thread of their own at a lower priority, and leave the
/// rest of the program's as it was (see `OffThePool`).
@Suite struct OffThePoolTests {
    private static let which = __priority_which_t(PRIO_PROCESS.rawValue)

    @Test func aReadingRunsLowerAndTheCallerStaysAsItWas() async {
        let caller = getpriority(Self.which, 0)
        let reading = await OffThePool.run { getpriority(Self.which, 0) }
        #expect(reading == min(caller + OffThePool.lowerPriority, 19))
        #expect(getpriority(Self.which, 0) == caller)
        // Each reading's thread is its own: a second is lowered once, not twice.
        let second = await OffThePool.run { getpriority(Self.which, 0) }
        #expect(second == reading)
    }

    @Test func aParsedFileServesOnlyItsOwnText() {
        let parsed = ParsedSource("final class ATests: XCTestCase { func testOne() {} }\n")
        #expect(TestCaseDiscovery.testCases(in: parsed.tree).map(\.className) == ["ATests"])
        #expect(parsed.tree(of: parsed.text).id == parsed.tree.id)
        let other = "final class BTests: XCTestCase { func testTwo() {} }\n"
        #expect(TestCaseDiscovery.testCases(in: parsed.tree(of: other)).map(\.className) == ["BTests"])
    }
}
