import DojoCatalog
import DojoCore
import DojoGrading
import Foundation
import Synchronization

/// Stands in for the checker with canned reports, so the shell's tests run no compiler and
/// know nothing of how the real checker works: only the `ExerciseChecker` protocol.
///
/// The checks it reports are the exercise's own `func test…` methods (for a test-writing
/// exercise, the learner's), found by a plain text search.
package final class FakeChecker: ExerciseChecker {
    package enum Behaviour: Sendable {
        /// Every check passes (and every planted bug is caught).
        case pass
        /// A test-writing exercise: the learner's tests pass on the subject and let every
        /// planted bug through.
        case mutantsSurvive
        /// The named check fails with `message`.
        case failCheck(String, message: String)
        /// The file does not compile: an error at `line` of the learner's file.
        case compileError(line: Int, message: String, explanation: String?)
        /// The program crashes with SIGILL during the first check.
        case crash(message: String)
        /// The check never ends until its task is cancelled.
        case hang
        /// This report, as it is: many compile errors, wiring notes, whatever a test needs.
        case canned(CheckReport)
    }

    private struct State {
        var behaviour: Behaviour
        /// Behaviours for the next checks, one each, before `behaviour` again.
        var upcoming: [Behaviour] = []
        var checked: [URL] = []
        var printed = "printed by the learner"
    }

    private let state: Mutex<State>
    private let fileSystem: any FileSystem

    package init(fileSystem: any FileSystem, behaviour: Behaviour = .pass) {
        self.fileSystem = fileSystem
        state = Mutex(State(behaviour: behaviour))
    }

    package var behaviour: Behaviour {
        get { state.withLock { $0.behaviour } }
        set { state.withLock { $0.behaviour = newValue } }
    }

    /// What the learner's code prints in a check that does not pass.
    package var printed: String {
        get { state.withLock { $0.printed } }
        set { state.withLock { $0.printed = newValue } }
    }

    /// How the next checks go, one behaviour each, in order; after them, `behaviour`. For a
    /// learner whose file passes, then breaks, in one session.
    package var upcoming: [Behaviour] {
        get { state.withLock { $0.upcoming } }
        set { state.withLock { $0.upcoming = newValue } }
    }

    /// The files checked so far, in order.
    package var checkedSources: [URL] { state.withLock { $0.checked } }

    package func check(_ exercise: Exercise, source: URL, phases: AsyncStream<CheckPhase>.Continuation?) async throws -> CheckReport {
        let (behaviour, printed) = state.withLock { state in
            state.checked.append(source)
            return (state.upcoming.isEmpty ? state.behaviour : state.upcoming.removeFirst(), state.printed)
        }
        phases?.yield(.compiling)
        let names = Self.testNames(in: (try? fileSystem.text(of: exercise.kind == .test ? source : exercise.checks)) ?? "")
        func report(_ outcome: CheckReport.Outcome, checks: [CheckResult] = [], diagnostics: [CompilerDiagnostic] = [], mutants: [MutantResult] = []) -> CheckReport {
            var report = CheckReport(
                exerciseID: exercise.id, outcome: outcome, checks: checks, diagnostics: diagnostics, mutants: mutants,
                output: outcome == .passed || outcome == .cancelled ? "" : printed
            )
            if exercise.kind == .test { report.learnerTestClasses = Set(names.map(\.testCase)) }
            return report
        }
        switch behaviour {
        case .pass:
            phases?.yield(.running)
            let checks = names.map { CheckResult(name: $0.name, testCase: $0.testCase) }
            let mutants = exercise.mutants.map { mutant in
                MutantResult(mutant: mutant, report: CheckReport(exerciseID: exercise.id, outcome: .checksFailed, checks: checks.map {
                    CheckResult(name: $0.name, testCase: $0.testCase, failures: [CheckFailure(description: "XCTAssertEqual failed", file: source.path, line: 1)])
                }))
            }
            return report(.passed, checks: checks, mutants: mutants)
        case .mutantsSurvive:
            phases?.yield(.running)
            let checks = names.map { CheckResult(name: $0.name, testCase: $0.testCase) }
            let mutants = exercise.mutants.map { MutantResult(mutant: $0, report: CheckReport(exerciseID: exercise.id, outcome: .passed, checks: checks)) }
            return report(.mutantsSurvived, checks: checks, mutants: mutants)
        case .failCheck(let failing, let message):
            phases?.yield(.running)
            let checks = names.map { name in
                CheckResult(name: name.name, testCase: name.testCase, failures: name.name == failing
                    ? [CheckFailure(description: "XCTAssertTrue failed - \(message)", file: exercise.checks.path, line: 3)] : [])
            }
            return report(.checksFailed, checks: checks)
        case .compileError(let line, let message, let explanation):
            return report(.compileFailed, diagnostics: [
                CompilerDiagnostic(file: source.path, line: line, column: 5, severity: .error, message: message, explanation: explanation),
            ])
        case .crash(let message):
            phases?.yield(.running)
            let running = names.first.map { CheckResult(name: $0.name, testCase: $0.testCase, finished: false) }
            return report(.crashed(CrashInfo(checkName: running?.readableName, signal: "crashed (illegal instruction / trap) (SIGILL)", message: message)),
                          checks: running.map { [$0] } ?? [])
        case .hang:
            // Returns only once the task is cancelled, as a real check stopped by Ctrl-C.
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(3600))
            }
            return report(.cancelled)
        case .canned(let report):
            return report
        }
    }

    /// `(class, method)` for every `func test…` in a file, under the `class …: XCTestCase` before it.
    static func testNames(in text: String) -> [(testCase: String, name: String)] {
        var names: [(String, String)] = []
        var currentClass = ""
        for line in text.split(separator: "\n") {
            let words = line.split(whereSeparator: { $0 == " " || $0 == ":" || $0 == "(" })
            if let index = words.firstIndex(of: "class"), index + 1 < words.count {
                currentClass = String(words[index + 1])
            }
            if let index = words.firstIndex(of: "func"), index + 1 < words.count, words[index + 1].hasPrefix("test") {
                names.append((currentClass, String(words[index + 1])))
            }
        }
        return names
    }
}
