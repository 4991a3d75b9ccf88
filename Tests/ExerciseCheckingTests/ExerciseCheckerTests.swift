import DojoCatalog
import DojoCore
import DojoGrading
@testable import ExerciseChecking
import DojoTestSupport
import Foundation
import Testing

/// The checker with the real compiler, on purpose-made exercises. What a learner's code can do
/// wrong (endless loops, crashes, floods of output…) is in FaultInjectionTests.
@Suite(.serialized) struct ExerciseCheckerTests {
    let folder: TemporaryFolder
    let fileSystem = LocalFileSystem()
    let arithmetic: Exercise
    let counting: Exercise

    init() throws {
        folder = try TemporaryFolder("checker")
        let catalog = try LessonFixture.catalog(of: [.arithmetic(), .testWriting()], in: folder.url, fileSystem: fileSystem)
        arithmetic = try #require(catalog.exercise(id: "arithmetic.1"))
        counting = try #require(catalog.exercise(id: "testing.1"))
    }

    /// Writes a learner file and checks it.
    func check(
        _ source: String, exercise: Exercise? = nil, timeout: Duration = .seconds(10),
        phases: AsyncStream<CheckPhase>.Continuation? = nil
    ) async throws -> CheckReport {
        let exercise = exercise ?? arithmetic
        let file = folder.url.appendingPathComponent("learner/\(UUID().uuidString)/\(exercise.fileName)")
        try fileSystem.write(source, to: file)
        var settings = CheckSettings()
        settings.timeout = timeout
        return try await RealChecker.make(settings: settings, scratch: folder.url.appendingPathComponent("scratch"))
            .check(exercise, source: file, phases: phases)
    }

    @Test func aCorrectFilePassesEveryCheck() async throws {
        let report = try await check("func double(_ value: Int) -> Int { value * 2 }\n")
        #expect(report.outcome == .passed)
        #expect(report.checks.map(\.readableName) == ["doubles two", "doubles zero"])
    }

    @Test func aWrongFileFailsWithTheChecksOwnMessage() async throws {
        let report = try await check("func double(_ value: Int) -> Int { value + 2 }\n")
        #expect(report.outcome == .checksFailed)
        let failed = report.checks.filter { !$0.passed }
        #expect(failed.map(\.name) == ["testDoublesZero"])
        #expect(failed[0].failures.first?.parts.message == "double(0) should be 0")
        #expect(failed[0].failures.first?.parts.detail == #"XCTAssertEqual failed: ("2") is not equal to ("0")"#)
    }

    @Test func aCompileErrorPointsAtTheLearnersFileAndLine() async throws {
        let report = try await check("func double(_ value: Int) -> Int {\n    value * tw0\n}\n")
        #expect(report.outcome == .compileFailed)
        let error = try #require(report.diagnostics.first)
        #expect(error.file.hasSuffix("/Doubler.swift"))
        #expect(error.line == 2)
        #expect(error.message == "cannot find 'tw0' in scope")
    }

    @Test func printedOutputIsKeptWithoutXCTestsOwnLines() async throws {
        let report = try await check("func double(_ value: Int) -> Int {\n    print(\"doubling \\(value)\")\n    return value * 2\n}\n")
        #expect(report.output == "doubling 2\ndoubling 0")
    }

    @Test func cancellingTheTaskStopsTheCheckWhileItRuns() async throws {
        let (phases, continuation) = AsyncStream.makeStream(of: CheckPhase.self)
        let looping = "func double(_ value: Int) -> Int {\n    while true {}\n}\n"
        let checking = Task { try await check(looping, timeout: .seconds(600), phases: continuation) }
        for await phase in phases where phase == .running {
            checking.cancel()
            break
        }
        let report = try await checking.value
        #expect(report.outcome == .cancelled, "the endless loop was stopped by the cancellation, long before its 600 s limit")
    }

    // MARK: Test-writing exercises

    @Test func aTestThatAssertsNothingLetsEveryMutantThrough() async throws {
        let report = try await check(try fileSystem.text(of: counting.starter), exercise: counting)
        #expect(report.outcome == .mutantsSurvived)
        #expect(report.mutants.filter { !$0.caught }.map(\.mutant.description) == ["the counter never counts", "the counter counts twice"])
    }

    @Test func aGoodTestCatchesEveryMutant() async throws {
        let report = try await check(try fileSystem.text(of: counting.solution), exercise: counting)
        #expect(report.outcome == .passed)
        #expect(report.mutants.allSatisfy { $0.caught })
        #expect(report.mutants.first?.caughtBy == ["increment"])
    }

    @Test func aHalfGoodTestNamesTheMutantItMissed() async throws {
        let test = "import XCTest\nfinal class CounterTests: XCTestCase {\n    func testIncrement() {\n        let counter = Counter()\n        counter.increment()\n        XCTAssertGreaterThan(counter.value, 0)\n    }\n}\n"
        let report = try await check(test, exercise: counting)
        #expect(report.outcome == .mutantsSurvived)
        #expect(report.mutants.filter { !$0.caught }.map(\.mutant.id) == ["counts-twice"])
    }

    @Test func aTestThatFailsOnTheCorrectCodeIsReportedBeforeAnyMutant() async throws {
        let test = "import XCTest\nfinal class CounterTests: XCTestCase {\n    func testIncrement() {\n        XCTAssertEqual(Counter().value, 1, \"expects too much\")\n    }\n}\n"
        let report = try await check(test, exercise: counting)
        #expect(report.outcome == .checksFailed)
        #expect(report.mutants.isEmpty)
    }

    @Test func aFileWithoutTestsIsToldSo() async throws {
        let report = try await check("// nothing yet\n", exercise: counting)
        #expect(report.outcome == .noTestsWritten)
    }

    /// The check starts from a quick reading of the tests (`QuickTestsScan`) and the parse
    /// confirms it. Here the quick reading takes a private method, its modifier on the line
    /// before, for a test (listing it would not even compile); the check starts again from the
    /// parse and judges the file as it is.
    @Test func testsTheQuickReadingGetsWrongAreJudgedAsTheParseReadsThem() async throws {
        let test = """
            import XCTest
            final class CounterTests: XCTestCase {
                func testIncrement() {
                    let counter = Counter()
                    counter.increment()
                    XCTAssertEqual(counter.value, 1)
                }
                private
                func testNotATest() { XCTFail("a private method is no test") }
            }
            """
        #expect(QuickTestsScan.reading(of: test) != LearnerTestsReading(ParsedSource(test)), "the quick reading is wrong here")
        let report = try await check(test, exercise: counting)
        #expect(report.outcome == .passed)
        #expect(report.checks.map(\.name) == ["testIncrement"])
        #expect(report.mutants.allSatisfy { $0.caught })

        let onlyPrivate = "import XCTest\nfinal class CounterTests: XCTestCase {\n    private\n    func testNotATest() {}\n}\n"
        #expect(QuickTestsScan.reading(of: onlyPrivate).testCases.count == 1, "the quick reading finds a test here")
        #expect(try await check(onlyPrivate, exercise: counting).outcome == .noTestsWritten)
    }

    // MARK: The program the checks run in

    /// XCTest on Linux waits for each test's async setUp and tearDown by running the main run
    /// loop, and a wake-up lost there costs 0.1 s (see `TestMainGenerator`). The generated
    /// main keeps the main queue busy enough that a run-loop wait ends at once; without that,
    /// this wait would last its full 5 s.
    @Test func theMainRunLoopIsNeverLeftWaiting() async throws {
        let test = """
        import XCTest
        final class CounterTests: XCTestCase {
            func testTheMainRunLoopWakesUp() {
                let started = Date()
                _ = RunLoop.current.run(mode: .default, before: Date(timeIntervalSinceNow: 5))
                XCTAssertLessThan(Date().timeIntervalSince(started), 2.5, "the main run loop waited for nothing")
            }
        }

        """
        let report = try await check(test, exercise: counting)
        #expect(report.checks.map(\.name) == ["testTheMainRunLoopWakesUp"])
        #expect(report.checks.allSatisfy { $0.passed }, "\(report.checks.flatMap(\.failures))")
    }
}
