import DojoCore
@testable import ExerciseChecking
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
    let tokens = ResultTokens(testNames: ["C.testA", "C.testB", "C.testC"], environmentValue: "end s0 f0 e0 s1 f1 e1 s2 f2 e2")

    @Test func theEventLogBecomesOneResultPerCheck() {
        let log = """
        {"event":"start","test":"C.testA","token":"s0"}
        {"event":"failure","test":"C.testA","message":"failed - no","file":"/x.swift","line":4,"token":"f0"}
        {"event":"finish","test":"C.testA","token":"e0"}
        {"event":"start","test":"C.testB","token":"s1"}
        {"event":"finish","test":"C.testB","token":"e1"}
        {"event":"start","test":"C.testC","token":"s2"}
        garbage that a crash left behind
        """
        let parsed = TestEventLog(text: log, tokens: tokens)
        let results = parsed.checks
        #expect(results.map(\.name) == ["testA", "testB", "testC"])
        #expect(results.map(\.passed) == [false, true, false])
        #expect(results[0].failures.first?.line == 4)
        #expect(results[2].finished == false)
        #expect(!parsed.completed, "no done event, so the run did not complete")
        #expect(TestEventLog(text: #"{"event":"done","token":"end"}"#, tokens: tokens).completed)
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
        let all = ["done", "start", "failure", "finish"].flatMap { event in
            ["C.testA", "C.testB"].compactMap { fresh.token(for: event, test: $0) }
        }
        #expect(Set(all).count == 7, "one for the end of the run, three for each check")
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

    @Test func theGeneratedEntryListsEveryTestAndTheProgramTakesTheSecrets() {
        let entry = TestMainGenerator.entrySource(for: [
            DiscoveredTestCase(className: "Checks", methods: [.init(name: "testOne", isAsync: false), .init(name: "testTwo", isAsync: true)]),
        ])
        #expect(entry.contains(#"("testOne", Checks.testOne),"#))
        #expect(entry.contains(#"("testTwo", asyncTest(Checks.testTwo)),"#))
        // Numbered as ResultTokens numbers them.
        #expect(entry.contains(#"["Checks.testOne", "Checks.testTwo"].enumerated()"#))
        #expect(entry.contains(#"@_cdecl("didojo_run_checks")"#))

        let host = TestMainGenerator.hostSource
        #expect(host.contains("setvbuf(stdout, nil, _IOLBF, 0)"))
        // The secrets come from the environment and are erased there, never written in, and
        // before the program waits for the code under test (which it has not loaded yet).
        let taken = host.range(of: #"didojoTakeSecret("DIDOJO_RESULTS")"#)
        #expect(taken != nil)
        #expect(host.contains(#"didojoTakeSecret("DIDOJO_RESULTS_TOKENS")"#))
        #expect(host.contains("memset(value, 0, strlen(value))"))
        let waits = host.range(of: "while read(STDIN_FILENO")
        let loads = host.range(of: "dlopen(")
        #expect(taken!.lowerBound < waits!.lowerBound && waits!.lowerBound < loads!.lowerBound)
    }
}
