import ChildProcess
import DojoCatalog
import DojoCore
import DojoGrading
import DojoTestSupport
@testable import ExerciseChecking
import Foundation
import Testing

/// A test-writing check compiles the planted bugs that only change bodies as one schema, each
/// run choosing its own (`PlantedBugSchemata`), for real: one compile for all of them, the
/// verdicts each bug's own, a schema that does not compile falls back to each bug alone, and a
/// learner's test cannot choose the bug it runs against.
@Suite struct PlantedBugSchemaTests {
    let server = PlantedBugsServerTests()

    @Test func eightPlantedBugsCompileOnceTogetherAndEachRunsAsItself() async throws {
        let folder = try TemporaryFolder("planted-bugs-schema")
        let launcher = CountingLauncher(failing: { _ in false })
        // Catches every bug but one: the counter that counts by 5.
        let tests = """
            import XCTest

            final class CounterTests: XCTestCase {
                func testIncrement() {
                    let counter = Counter()
                    counter.increment()
                    XCTAssertTrue([1, 5].contains(counter.value))
                }
            }

            """
        let report = try await server.check(tests, launcher: launcher, in: folder, fixture: try PlantedBugsServerTests.manyPlantedBugs())
        #expect(report.outcome == .mutantsSurvived)
        #expect(report.mutants.count == 8)
        #expect(report.mutants.filter { !$0.caught }.map(\.mutant.id) == ["counts-by-5"])
        #expect(report.mutants.filter(\.caught).allSatisfy { $0.caughtBy == ["increment"] })
        // The subject, then one schema for the eight (alone, they were eight compiles).
        #expect(launcher.codeUnderTestCompiles() <= 3, "compiles of the code under test: \(launcher.codeUnderTestCompiles())")
        #expect(launcher.unfinishedRuns() == 0)
    }

    /// A schema whose bodies the compiler reads otherwise than alone (here an opaque result
    /// whose underlying type differs between the cases) does not compile: its planted bugs are
    /// compiled alone, and each verdict is still the tests' own. A compile failure would count
    /// as caught, so the bug the tests miss shows that the fallback ran.
    @Test func aSchemaThatDoesNotCompileFallsBackToEachPlantedBugAlone() async throws {
        let folder = try TemporaryFolder("planted-bugs-schema-fallback")
        let launcher = CountingLauncher(failing: { _ in false })
        var fixture = LessonFixture.testWriting()
        let counter = { (increment: String, label: String) in
            "final class Counter {\n    private(set) var value = 0\n    func increment() { \(increment) }\n"
                + "    func label() -> some CustomStringConvertible { \(label) }\n}\n"
        }
        fixture.files["exercises/1/subject/Counter.swift"] = counter("value += 1", "\"counter\"")
        fixture.files["exercises/1/mutants/never-counts/Counter.swift"] = counter("value += 1", "7")
        fixture.files["exercises/1/mutants/counts-twice/Counter.swift"] = counter("value += 2", "\"counter\"")
        let report = try await server.check(PlantedBugsServerTests.passingTests, launcher: launcher, in: folder, fixture: fixture)
        #expect(report.outcome == .mutantsSurvived)
        #expect(report.mutants.map { "\($0.mutant.id): \($0.caught)" } == ["never-counts: false", "counts-twice: true"])
        #expect(report.mutants.first { $0.mutant.id == "counts-twice" }?.caughtBy == ["increment"])
        #expect(launcher.unfinishedRuns() == 0)
    }

    /// The choice is made once, by the program, before any test runs: a test that calls the
    /// chooser (its Swift name is in the subject's interface, as every build has it) to make a
    /// planted bug behave as the correct code changes nothing, and every bug is still caught.
    @Test func aTestCannotChooseThePlantedBugItRunsAgainst() async throws {
        let folder = try TemporaryFolder("planted-bugs-schema-choice")
        let launcher = CountingLauncher(failing: { _ in false })
        let tests = """
            import XCTest

            final class CounterTests: XCTestCase {
                func testIncrement() {
                    didojoChoosePlantedBug(0)
                    let counter = Counter()
                    counter.increment()
                    XCTAssertEqual(counter.value, 1)
                }
            }

            """
        let report = try await server.check(tests, launcher: launcher, in: folder)
        #expect(report.outcome == .passed, "\(report.outcome) \(report.diagnostics) \(report.output)")
        #expect(report.mutants.count == 2 && report.mutants.allSatisfy(\.caught))
        #expect(report.mutants.allSatisfy { $0.caughtBy == ["increment"] })
    }
}
