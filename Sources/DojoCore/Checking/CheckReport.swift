import Foundation

/// Everything the learner needs to know about one run of an exercise's checks.
public struct CheckReport: Sendable {
    public enum Outcome: Equatable, Sendable {
        /// Every check passed.
        case passed
        /// At least one check failed.
        case checksFailed
        /// The learner's file (or the checks, because of it) does not compile.
        case compileFailed
        /// The program crashed (a signal): `fatalError`, force-unwrapping nil, stack overflow…
        case crashed(CrashInfo)
        /// The program ran past the time limit and was stopped.
        case timedOut(seconds: Double)
        /// The learner pressed Ctrl-C.
        case cancelled
        /// A test-writing exercise: the learner's file holds no test to run.
        case noTestsWritten
        /// A test-writing exercise: the learner's tests let at least one mutant through.
        case mutantsSurvived
        /// Every check passed, but the code printed more than a check keeps (`outputLimit`),
        /// almost always a print left in a loop. Not a pass: such a program is not done, and
        /// a flood of output would bury what the learner needs to read.
        case tooMuchOutput(droppedBytes: Int)
    }

    public let exerciseID: String
    public let outcome: Outcome
    public let checks: [CheckResult]
    /// The compiler's errors, when the code did not compile (explained once the checker knows
    /// which file is the learner's, hence settable).
    public var diagnostics: [CompilerDiagnostic]
    /// For a test-writing exercise: how each mutant fared against the learner's tests.
    public let mutants: [MutantResult]
    /// For a test-writing exercise: the classes of `checks` that are the learner's own tests
    /// (the others are the lesson's checks on the learner's file).
    public var learnerTestClasses: Set<String> = []
    /// What the learner's code printed (capped).
    public let output: String
    public let droppedOutputBytes: Int
    public let duration: Duration

    public init(
        exerciseID: String, outcome: Outcome, checks: [CheckResult] = [], diagnostics: [CompilerDiagnostic] = [],
        mutants: [MutantResult] = [], output: String = "", droppedOutputBytes: Int = 0, duration: Duration = .zero
    ) {
        self.exerciseID = exerciseID
        self.outcome = outcome
        self.checks = checks
        self.diagnostics = diagnostics
        self.mutants = mutants
        self.output = output
        self.droppedOutputBytes = droppedOutputBytes
        self.duration = duration
    }

    public var passed: Bool { outcome == .passed }
}

/// How a program crashed, in the learner's terms.
public struct CrashInfo: Equatable, Sendable {
    /// The check that was running, if known.
    public let checkName: String?
    /// e.g. "crashed (trap)".
    public let signal: String
    /// The runtime's own message, e.g. "Fatal error: Unexpectedly found nil while unwrapping an Optional value".
    public let message: String?

    public init(checkName: String?, signal: String, message: String?) {
        self.checkName = checkName
        self.signal = signal
        self.message = message
    }
}

/// How one mutant fared against the learner's tests.
public struct MutantResult: Sendable {
    public let mutant: Mutant
    /// The learner's tests run against the mutant.
    public let report: CheckReport

    public init(mutant: Mutant, report: CheckReport) {
        self.mutant = mutant
        self.report = report
    }

    /// True when the learner's tests noticed the mutant: a test failed or crashed, or ran out
    /// of time. (A mutant that does not compile with the learner's file also counts as caught,
    /// but that is a lesson bug that `verify --solutions` reports.)
    public var caught: Bool { report.outcome != .passed && report.outcome != .cancelled }

    /// The learner's tests that failed against this mutant, by readable name.
    public var caughtBy: [String] { report.checks.filter { !$0.passed }.map(\.readableName) }
}
