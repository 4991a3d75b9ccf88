import DojoCatalog
import DojoGrading
@testable import ExerciseChecking
import Foundation
import Testing

@Suite struct CheckParsingTests {
    @Test func compilerErrorsAreReadWithTheirNotes() {
        let output = """
        /ws/no-di/1/SocialPresenter.swift:12:9: error: cannot find 'clok' in scope
        /ws/no-di/1/SocialPresenter.swift:4:17: note: did you mean 'clock'?
        /lessons/x/Checks.swift:3:1: warning: unused
        some source excerpt line
        """
        let diagnostics = CompilerOutput.diagnostics(in: output)
        #expect(diagnostics.count == 2)
        #expect(diagnostics[0].file == "/ws/no-di/1/SocialPresenter.swift")
        #expect(diagnostics[0].line == 12)
        #expect(diagnostics[0].column == 9)
        #expect(diagnostics[0].message == "cannot find 'clok' in scope")
        #expect(diagnostics[0].notes.map(\.message) == ["did you mean 'clock'?"])
        #expect(diagnostics[1].severity == .warning)
    }

    @Test func theAuthorsMessageIsSeparatedFromXCTestsDetail() {
        let failure = CheckFailure(description: #"XCTAssertEqual failed: ("a - b") is not equal to ("c") - Post the text once"#, file: "", line: 1)
        #expect(failure.parts.message == "Post the text once")
        #expect(failure.parts.detail == #"XCTAssertEqual failed: ("a - b") is not equal to ("c")"#)

        let bare = CheckFailure(description: "XCTAssertTrue failed", file: "", line: 1)
        #expect(bare.parts.message == "")
        #expect(bare.parts.detail == "XCTAssertTrue failed")

        let failed = CheckFailure(description: "failed - Nothing was posted", file: "", line: 1)
        #expect(failed.parts.message == "Nothing was posted")
    }

    @Test(arguments: [
        ("testPostsToFacebook", "posts to facebook"),
        ("testAFacebookPresenterPostsPictures", "a facebook presenter posts pictures"),
        ("test_posts_once", "posts once"),
        ("testURLIsKept", "URL is kept"),
        ("testPosts2Times", "posts 2 times"),
        ("testTheClockIsStoppedAt20160618", "the clock is stopped at 20160618"),
        ("wiring:no-concrete-creation:SocialPresenter", "the wiring: no concrete creation in SocialPresenter"),
    ])
    func checksAreNamedForTheLearner(method: String, readable: String) {
        #expect(CheckResult(name: method, testCase: "C").readableName == readable)
    }

    /// Known secrets: the run's end is `end`; check n's start, failure and finish are `sn fn en`.
    let tokens = ResultTokens(testNames: ["C.testA", "C.testB", "C.testC"], environmentValue: "end endf endi s0 f0 e0 x0 s1 f1 e1 x1 s2 f2 e2 x2")

    @Test func theEventLogBecomesOneResultPerCheck() {
        let log = """
        {"event":"start","test":"C.testA","token":"s0"}
        {"event":"failure","test":"C.testA","message":"failed - no","file":"/x.swift","line":4,"token":"f0"}
        {"event":"finish-failed","test":"C.testA","token":"x0"}
        {"event":"start","test":"C.testB","token":"s1"}
        {"event":"finish","test":"C.testB","token":"e1"}
        {"event":"start","test":"C.testC","token":"s2"}
        {"event":"failure","test":"C.te
        """
        let parsed = TestEventLog(text: log, tokens: tokens)
        let results = parsed.checks
        #expect(results.map(\.name) == ["testA", "testB", "testC"])
        #expect(results.map(\.passed) == [false, true, false])
        #expect(results[0].failures.first?.line == 4)
        #expect(results[2].finished == false)
        #expect(!parsed.completed, "no done event, so the run did not complete")
        #expect(parsed.interference.isEmpty, "a last line cut off by a kill is no forgery: \(parsed.interference)")
        #expect(TestEventLog(text: #"{"event":"done","token":"end"}"#, tokens: tokens).completed)
    }

    // MARK: Results that do not add up (the learner's code wrote to the results file)

    @Test func failuresDeletedFromTheResultsAreNamedAsInterference() {
        // testA failed, and its failure line is gone; its end still says it failed.
        let log = """
        {"event":"start","test":"C.testA","token":"s0"}
        {"event":"finish-failed","test":"C.testA","token":"x0"}
        {"event":"start","test":"C.testB","token":"s1"}
        {"event":"finish","test":"C.testB","token":"e1"}
        {"event":"start","test":"C.testC","token":"s2"}
        {"event":"finish","test":"C.testC","token":"e2"}
        {"event":"done-failed","token":"endf"}

        """
        let parsed = TestEventLog(text: log, tokens: tokens)
        #expect(parsed.completed)
        #expect(parsed.interference == ["the failures of 'a' were removed from the results"])
    }

    @Test func aLineWithoutItsSecretIsNamedAsInterference() {
        let log = """
        {"event":"start","test":"C.testA","token":"s0"}
        {"event":"finish","test":"C.testA","token":"guess"}

        """
        #expect(TestEventLog(text: log, tokens: tokens).interference == ["1 line in the results file was not written by the checks"])
    }

    @Test func anEndOfRunWithChecksMissingIsNamedAsInterference() {
        let log = """
        {"event":"start","test":"C.testA","token":"s0"}
        {"event":"finish","test":"C.testA","token":"e0"}
        {"event":"done","token":"end"}

        """
        #expect(TestEventLog(text: log, tokens: tokens).interference == ["the run reported its end, but the results of 'b' and 'c' are missing"])
    }

    @Test func checksTheRunWasNotAskedToRunAreNotMissing() {
        // Against a planted bug only the learner's classes run (`runOnly`).
        let only = ResultTokens(testNames: ["Mine.testA", "Lesson.testB"], environmentValue: "end endf endi s0 f0 e0 x0 s1 f1 e1 x1")
        let log = """
        {"event":"start","test":"Mine.testA","token":"s0"}
        {"event":"finish","test":"Mine.testA","token":"e0"}
        {"event":"done","token":"end"}

        """
        #expect(TestEventLog(text: log, tokens: only, running: ["Mine"]).interference.isEmpty)
        #expect(!TestEventLog(text: log, tokens: only).interference.isEmpty, "all of them were to run")
    }

    @Test func aRunThatFailedButWhoseChecksAllPassIsNamedAsInterference() {
        let log = """
        {"event":"start","test":"C.testA","token":"s0"}
        {"event":"finish","test":"C.testA","token":"e0"}
        {"event":"start","test":"C.testB","token":"s1"}
        {"event":"finish","test":"C.testB","token":"e1"}
        {"event":"start","test":"C.testC","token":"s2"}
        {"event":"finish","test":"C.testC","token":"e2"}
        {"event":"done-failed","token":"endf"}

        """
        #expect(TestEventLog(text: log, tokens: tokens).interference == ["the run reported failures that are no longer in the results"])
    }

    @Test func anHonestLogAddsUp() {
        let log = """
        {"event":"start","test":"C.testA","token":"s0"}
        {"event":"failure","test":"C.testA","message":"failed - no","file":"/x.swift","line":4,"token":"f0"}
        {"event":"finish-failed","test":"C.testA","token":"x0"}
        {"event":"start","test":"C.testB","token":"s1"}
        {"event":"finish","test":"C.testB","token":"e1"}
        {"event":"start","test":"C.testC","token":"s2"}
        {"event":"finish","test":"C.testC","token":"e2"}
        {"event":"done-failed","token":"endf"}

        """
        let parsed = TestEventLog(text: log, tokens: tokens)
        #expect(parsed.interference.isEmpty)
        #expect(parsed.checks.map(\.passed) == [false, true, true])
    }

    @Test func aRunEndThatSaysTheReporterWasCalledByOthersIsInterference() {
        let log = """
        {"event":"start","test":"C.testA","token":"s0"}
        {"event":"finish","test":"C.testA","token":"e0"}
        {"event":"start","test":"C.testB","token":"s1"}
        {"event":"finish","test":"C.testB","token":"e1"}
        {"event":"start","test":"C.testC","token":"s2"}
        {"event":"finish","test":"C.testC","token":"e2"}
        {"event":"done-interfered","refused":3,"token":"endi"}
        """
        let parsed = TestEventLog(text: log, tokens: tokens)
        #expect(parsed.completed)
        let everyCheckPassed = parsed.checks.allSatisfy(\.passed)
        #expect(everyCheckPassed, "every check's own events say it passed")
        #expect(parsed.interference == ["the code called the checks' reporter itself, in place of XCTest (3 calls refused)"])
    }

    @Test func eventsWithoutTheirOwnSecretAreIgnored() {
        let log = """
        {"event":"start","test":"C.testA","token":"s0"}
        {"event":"failure","test":"C.testA","message":"failed","file":"/x.swift","line":4,"token":"f0"}
        {"event":"finish","test":"C.testA","token":"s0"}
        {"event":"start","test":"C.testB","token":"guess"}
        {"event":"finish","test":"C.testB"}
        {"event":"start","test":"C.testUnknown","token":"s0"}
        {"event":"done","token":"s0"}
        """
        // A secret copied from an event already written (the start of testA) is good for that
        // event only: not for its finish, another check, or the end of the run.
        let parsed = TestEventLog(text: log, tokens: tokens)
        #expect(parsed.checks.map(\.name) == ["testA"])
        #expect(parsed.checks[0].finished == false)
        #expect(!parsed.completed)
    }

    @Test func everyEventOfARunHasASecretOfItsOwn() {
        let fresh = ResultTokens(testNames: ["C.testA", "C.testB"])
        let all = ["done", "done-failed", "start", "failure", "finish", "finish-failed"].flatMap { event in
            ["C.testA", "C.testB"].compactMap { fresh.token(for: event, test: $0) }
        }
        #expect(Set(all).count == 10, "two for the end of the run, four for each check")
        #expect(ResultTokens(testNames: fresh.testNames, environmentValue: fresh.environmentValue) == fresh)
        #expect(fresh != ResultTokens(testNames: ["C.testA", "C.testB"]), "new secrets for every run")
    }

    @Test func testMethodsAreFoundByParsingNotByPatternMatching() {
        let source = """
        import XCTest
        // final class Commented: XCTestCase { func testNot() {} }
        final class Checks: XCTestCase {
            func testOne() {}
            func testTwo() async throws {}
            func helper() {}
            private func testHidden() {}
            static func testStatic() {}
            func testWithArgument(_ x: Int) {}
        }
        final class NotATest { func testNo() {} }
        class Empty: XCTestCase {}
        """
        let found = TestCaseDiscovery.testCases(in: source)
        #expect(found.map(\.className) == ["Checks"])
        #expect(found[0].methods.map(\.name) == ["testOne", "testTwo"])
        #expect(found[0].methods.map(\.isAsync) == [false, true])
    }

    @Test func theGeneratedEntryListsEveryTestAndTheProgramTakesTheSecrets() throws {
        let entry = TestMainGenerator.entrySource(for: [
            DiscoveredTestCase(className: "Checks", methods: [.init(name: "testOne", isAsync: false), .init(name: "testTwo", isAsync: true)]),
            DiscoveredTestCase(className: "More", methods: [.init(name: "testThree", isAsync: false)]),
        ])
        #expect(entry.contains(#"("testOne", Checks.testOne),"#))
        #expect(entry.contains(#"("testTwo", asyncTest(Checks.testTwo)),"#))
        // In the order ResultTokens numbers them, and each class by its identity.
        let one = entry.range(of: "Checks.testOne")!, three = entry.range(of: "More.testThree")!
        #expect(one.lowerBound < three.lowerBound)
        #expect(entry.contains(#""More": ObjectIdentifier(More.self),"#))
        #expect(entry.contains(#"@_cdecl("didojo_checks")"#))
        // The entry is only a list: the reporter and the runner are the program's, out of the
        // learner's module.
        #expect(!entry.contains("XCTestObservation"))
        #expect(!entry.contains("XCTMain"))

        // The program's own source (didojo-test-host), beside these tests in the repository.
        let hostSource = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/didojo-test-host/main.swift")
        let host = try String(contentsOf: hostSource, encoding: .utf8)
        #expect(host.contains("setvbuf(stdout, nil, _IOLBF, 0)"))
        #expect(host.contains("ResultReporter("))
        // The secrets come from the environment and are erased there, never written in, and
        // before the program waits for the code under test (which it has not loaded yet).
        let taken = host.range(of: "takeVariable(TestHostProtocol.resultsVariable)")
        #expect(taken != nil)
        #expect(host.contains("takeVariable(TestHostProtocol.tokensVariable)"))
        #expect(host.contains("memset(value, 0, strlen(value))"))
        let waits = host.range(of: "while read(STDIN_FILENO")
        let loads = host.range(of: "dlopen(folder")
        #expect(taken!.lowerBound < waits!.lowerBound && waits!.lowerBound < loads!.lowerBound)
    }
}
