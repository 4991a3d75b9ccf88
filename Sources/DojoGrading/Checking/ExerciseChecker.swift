import DojoCatalog
import Foundation

/// Judges a learner's file against an exercise: the seam between the tutor and the machinery
/// that compiles and runs the checks.
///
/// The shell, `didojo check` and the graders know only this protocol. The composition root
/// plugs in the real one (`CompilingChecker`, in the ExerciseChecking module); the shell's
/// tests plug in canned reports.
public protocol ExerciseChecker: Sendable {
    /// Checks `source` (the learner's file, or a starter, solution or catalogued mistake)
    /// against `exercise`, telling `phases` (when given) how far it has got.
    ///
    /// Cancel the calling task to stop a check: it then ends at once with a `.cancelled`
    /// report, and nothing it started is left running.
    ///
    /// - Throws: only for problems outside the learner's code (no compiler, a lesson whose
    ///   checks hold no tests); everything the learner's code does ends up in the report.
    func check(_ exercise: Exercise, source: URL, phases: AsyncStream<CheckPhase>.Continuation?) async throws -> CheckReport

    /// Gets ready to check `source` quickly: a checker with caches fills them (the compiler's
    /// module cache, the program that runs the checks, the checks of `exercise`), so that the
    /// learner's first check is as quick as the later ones. Records nothing.
    ///
    /// A requirement (not only an extension method) so that a call through `any
    /// ExerciseChecker` reaches the checker's own version.
    func warmUp(for exercise: Exercise, source: URL) async
}

extension ExerciseChecker {
    /// Checks `source` against `exercise` without reporting phases.
    public func check(_ exercise: Exercise, source: URL) async throws -> CheckReport {
        try await check(exercise, source: source, phases: nil)
    }

    /// By default, warming up does nothing: a checker without caches has nothing to fill.
    public func warmUp(for exercise: Exercise, source: URL) async {}
}

/// How far a check has got, for a "working…" line.
public enum CheckPhase: Sendable, Equatable {
    case compiling
    case running
    /// A test-writing exercise's tests are being run against the planted bugs.
    case mutants
}
