import DojoCore
import Testing

@Suite struct CheckParsingTests {
    @Test func compilerErrorsAreReadWithTheirNotes() {
        let output = """
        /ws/no-di/1/SocialPresenter.swift:12:9: error: cannot find 'clok' in scope
        /ws/no-di/1/SocialPresenter.swift:4:17: note: did you mean 'clock'?
        /lessons/x/Checks.swift:3:1: warning: unused
        some source excerpt line
        """
        let diagnostics = CompilerDiagnostic.parse(output)
        #expect(diagnostics.count == 2)
        #expect(diagnostics[0].file == "/ws/no-di/1/SocialPresenter.swift")
        #expect(diagnostics[0].line == 12)
        #expect(diagnostics[0].column == 9)
        #expect(diagnostics[0].message == "cannot find 'clok' in scope")
        #expect(diagnostics[0].notes.map(\.message) == ["did you mean 'clock'?"])
        #expect(diagnostics[1].severity == .warning)
    }

    @Test func aPlainWordsExplanationFollowsCommonMessages() {
        #expect(CompilerMessageExplainer.explanation(for: "type 'MixIn' does not conform to protocol 'UsesClock'")?.contains("lacks one of its requirements") == true)
        #expect(CompilerMessageExplainer.explanation(for: "something nobody has seen") == nil)
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
        ("testPosts2Times", "posts2 times"),
    ])
    func checksAreNamedForTheLearner(method: String, readable: String) {
        #expect(CheckResult(name: method, testCase: "C").readableName == readable)
    }

    @Test func theEventLogBecomesOneResultPerCheck() {
        let log = """
        {"event":"start","test":"C.testA","token":"t0k"}
        {"event":"failure","test":"C.testA","message":"failed - no","file":"/x.swift","line":4,"token":"t0k"}
        {"event":"finish","test":"C.testA","token":"t0k"}
        {"event":"start","test":"C.testB","token":"t0k"}
        {"event":"finish","test":"C.testB","token":"t0k"}
        {"event":"start","test":"C.testC","token":"t0k"}
        garbage that a crash left behind
        """
        let parsed = TestEventLog(text: log, token: "t0k")
        let results = parsed.checks
        #expect(results.map(\.name) == ["testA", "testB", "testC"])
        #expect(results.map(\.passed) == [false, true, false])
        #expect(results[0].failures.first?.line == 4)
        #expect(results[2].finished == false)
        #expect(!parsed.completed, "no done event, so the run did not complete")
    }

    @Test func eventsWithoutTheRunsTokenAreIgnored() {
        let log = """
        {"event":"start","test":"C.testA","token":"t0k"}
        {"event":"failure","test":"C.testA","message":"failed","file":"/x.swift","line":4,"token":"t0k"}
        {"event":"start","test":"C.testB","token":"guess"}
        {"event":"finish","test":"C.testB"}
        {"event":"done","token":"guess"}
        """
        let parsed = TestEventLog(text: log, token: "t0k")
        #expect(parsed.checks.map(\.name) == ["testA"])
        #expect(parsed.checks[0].finished == false)
        #expect(!parsed.completed)
        #expect(TestEventLog(text: #"{"event":"done","token":"t0k"}"#, token: "t0k").completed)
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

    @Test func theGeneratedMainListsEveryTest() {
        let main = TestMainGenerator.mainSource(for: [
            DiscoveredTestCase(className: "Checks", methods: [.init(name: "testOne", isAsync: false), .init(name: "testTwo", isAsync: true)]),
        ], token: "secret-1")
        #expect(main.contains(#"("testOne", Checks.testOne),"#))
        #expect(main.contains(#"("testTwo", asyncTest(Checks.testTwo)),"#))
        #expect(main.contains("setvbuf(stdout, nil, _IOLBF, 0)"))
        #expect(main.contains(#"fields["token"] = "secret-1""#))
        #expect(main.contains(#"unsetenv("DIDOJO_RESULTS")"#))
    }
}
