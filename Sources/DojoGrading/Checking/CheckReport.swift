import DojoCatalog
import Foundation
import WiringModel

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
        /// The results the checks wrote do not add up: lines that the checks did not write,
        /// failures taken out, a check's results missing from a run that reported its end.
        /// Only the learner's code can have changed them, so nothing in them is believed and
        /// the check is not a pass. `reason` says what does not add up, in plain words.
        case resultsInterfered(reason: String)
    }

    public let exerciseID: String
    public var outcome: Outcome
    public let checks: [CheckResult]
    /// The compiler's errors, when the code did not compile (explained once the checker knows
    /// which file is the learner's, hence settable).
    public var diagnostics: [CompilerDiagnostic]
    /// For a test-writing exercise: how each mutant fared against the learner's tests.
    public let mutants: [MutantResult]
    /// For a test-writing exercise: the classes of `checks` that are the learner's own tests
    /// (the others are the lesson's checks on the learner's file).
    public var learnerTestClasses: Set<String> = []
    /// When the check failed: what the wiring analysis found in the learner's file on the lines
    /// involved (a failing check's, a compile error's, a crash's) or of the kind the exercise is
    /// about. A heuristic shown beside the checks ("looks like"), never a failure of its own.
    public var wiringNotes: [WiringFinding] = []
    /// What the kernel could not confine while the learner's code ran, one phrase each
    /// ("this kernel has no Landlock, …"); empty when the run was confined whole. Said on
    /// every check and recorded with every grade: never silently unconfined.
    public var confinementGaps: [String] = []
    /// When the code looks like it was refused something by the confinement (a file, a
    /// socket, a signal): one sentence saying so. A heuristic, worded as one.
    public var confinementRefusal: String?
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

    /// What failed, by name: each failing check's method name (`testPostsOnce`, or a wiring
    /// rule's `wiring:…`), and `mutant:<id>` for each planted bug the learner's tests let through.
    public var failureNames: [String] {
        checks.filter { !$0.passed }.map(\.name) + mutants.filter { !$0.caught }.map { "mutant:\($0.mutant.id)" }
    }
}

/// How a program crashed, in the learner's terms.
public struct CrashInfo: Equatable, Sendable {
    /// The check that was running, if known.
    public let checkName: String?
    /// e.g. "crashed (trap)".
    public let signal: String
    /// The runtime's own message, e.g. "Fatal error: Unexpectedly found nil while unwrapping an Optional value".
    public let message: String?
    /// Set when the program was not stopped by a signal but ended by itself, with this exit
    /// status, before the checks had finished: `exit()` in the learner's code ends the checks too.
    public let exitStatus: Int32?
    /// The calls in the learner's own file that led to the crash, innermost first, so the first
    /// is where it crashed. Empty when none is known (no frame of it was on the stack, or the
    /// stack could not be read).
    public var frames: [CrashFrame]
    /// True when the program ran out of stack: almost always a function that calls itself (or
    /// two that call each other) without end.
    public let stackOverflow: Bool

    public init(
        checkName: String?, signal: String, message: String?, exitStatus: Int32? = nil, frames: [CrashFrame] = [],
        stackOverflow: Bool = false
    ) {
        self.checkName = checkName
        self.signal = signal
        self.message = message
        self.exitStatus = exitStatus
        self.frames = frames
        self.stackOverflow = stackOverflow
    }

    /// Where in the learner's file it crashed.
    public var location: CrashFrame? { frames.first }
}

/// One call on the stack of a crash, where the source is known: `SocialPresenter.swift:17 in
/// SocialPresenter.share(_:)`.
public struct CrashFrame: Equatable, Sendable {
    /// The source file's full path.
    public let file: String
    public let line: Int
    public let column: Int
    /// The function, as Swift names it: `SocialPresenter.share(_:)`, `closure #1 in …`.
    public let function: String

    public init(file: String, line: Int, column: Int, function: String) {
        self.file = file
        self.line = line
        self.column = column
        self.function = function
    }

    /// `SocialPresenter.swift:17`.
    public var place: String {
        "\(file.split(separator: "/").last.map(String.init) ?? file):\(line)"
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
