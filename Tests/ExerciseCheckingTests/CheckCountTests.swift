import DojoGrading
import DojoTestSupport
@testable import ExerciseChecking
import Foundation
import Testing

/// One count, always: a check is a test method of the exercise's checks or one of its wiring
/// rules, and every report of a run counts all of them, kept or broken. Checked by the real
/// checker on an exercise with three wiring rules.
@Suite(.serialized) struct CheckCountTests {
    let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder("check-count")
    }

    func check(_ id: String, file: String) async throws -> CheckReport {
        let exercise = try #require(RealChecker.repositoryLessons.exercise(id: id))
        let text = try String(contentsOf: exercise.starter.deletingLastPathComponent().appendingPathComponent(file), encoding: .utf8)
        return try await RealChecker.check(text, as: exercise, in: folder.url)
    }

    @Test func aBrokenWiringRuleAndAPassCountTheSameChecks() async throws {
        let exercise = try #require(RealChecker.repositoryLessons.exercise(id: "constructor.5"))
        let rules = exercise.wiring.count
        #expect(rules == 3)
        let methods = TestCaseDiscovery.testCases(in: try String(contentsOf: exercise.checks, encoding: .utf8)).reduce(0) { $0 + $1.methods.count }

        let failed = try await check("constructor.5", file: "mistakes/presenter-builds-a-client-for-drafts.swift")
        #expect(failed.outcome == .checksFailed)
        #expect(failed.checks.filter { $0.name.hasPrefix("wiring:") }.map(\.passed) == [false, true, true], "the broken rule and the kept ones")

        let passed = try await check("constructor.5", file: "solution.swift")
        #expect(passed.passed)
        #expect(passed.checks.filter { $0.name.hasPrefix("wiring:") }.count == rules, "kept rules are counted too")

        #expect(failed.checks.count == methods + rules)
        #expect(passed.checks.count == failed.checks.count)
        #expect(VerificationLine.describe(WorkspaceGrader.Grade(exercise: exercise, report: passed)) == "✓ constructor.5 passed (\(methods + rules) checks)")
    }

    @Test func addingRulesKeepsTheOutcomeOfACheckWhoseRulesAllHold() {
        let run = CheckReport(exerciseID: "x.1", outcome: .passed, checks: [CheckResult(name: "testOne", testCase: "C")])
        let kept = CompilingChecker.adding([CheckResult(name: "wiring:no-concrete-creation:P", testCase: "Wiring")], to: run)
        #expect(kept.outcome == .passed)
        #expect(kept.checks.count == 2)
        let broken = CompilingChecker.adding([
            CheckResult(name: "wiring:no-concrete-creation:P", testCase: "Wiring", failures: [CheckFailure(description: "creates", file: "P.swift", line: 3)]),
        ], to: run)
        #expect(broken.outcome == .checksFailed)
        let compileError = CheckReport(exerciseID: "x.1", outcome: .compileFailed)
        #expect(CompilingChecker.adding([CheckResult(name: "wiring:x", testCase: "Wiring")], to: compileError).checks.isEmpty, "no run, no count")
    }
}
