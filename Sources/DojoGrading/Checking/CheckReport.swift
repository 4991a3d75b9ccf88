import DojoCatalog
import Foundation
import WiringModel

/// Everything the learner needs to know about one run of an exercise's checks.
public struct CheckReport: Sendable {
    package enum Outcome: Equatable, Sendable {
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

    package let exerciseID: String
    package var outcome: Outcome
    package let checks: [CheckResult]
    /// The compiler's errors, when the code did not compile (explained once the checker knows
    /// which file is the learner's, hence settable).
    package var diagnostics: [CompilerDiagnostic]
    /// For a test-writing exercise: how each mutant fared against the learner's tests.
    package let mutants: [MutantResult]
    /// For a test-writing exercise: the classes of `checks` that are the learner's own tests
    /// (the others are the lesson's checks on the learner's file).
    package var learnerTestClasses: Set<String> = []
    /// When the check failed: what the wiring analysis found in the learner's file on the lines
    /// involved (a failing check's, a compile error's, a crash's) or of the kind the exercise is
    /// about. A heuristic shown beside the checks ("looks like"), never a failure of its own.
    package var wiringNotes: [WiringFinding] = []
    /// What the kernel could not confine while the learner's code ran, one phrase each
    /// ("this kernel has no Landlock, …"); empty when the run was confined whole. Said on
    /// every check and recorded with every grade: never silently unconfined.
    package var confinementGaps: [String] = []
    /// When the code looks like it was refused something by the confinement (a file, a
    /// socket, a signal): one sentence saying so. A heuristic, worded as one.
    package var confinementRefusal: String?
    /// What the learner's code printed (capped).
    package let output: String
    package let droppedOutputBytes: Int
    package let duration: Duration

    package init(
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

    package var passed: Bool { outcome == .passed }

    /// What failed, by name: each failing check's method name (`testPostsOnce`, or a wiring
    /// rule's `wiring:…`), and `mutant:<id>` for each planted bug the learner's tests let through.
    package var failureNames: [String] {
        checks.filter { !$0.passed }.map(\.name) + mutants.filter { !$0.caught }.map { "mutant:\($0.mutant.id)" }
    }
}

/// How a program crashed, in the learner's terms.
package struct CrashInfo: Equatable, Sendable {
    /// The check that was running, if known.
    package let checkName: String?
    /// e.g. "crashed (trap)".
    package let signal: String
    /// The runtime's own message, e.g. "Fatal error: Unexpectedly found nil while unwrapping an Optional value".
    package let message: String?
    /// Set when the program was not stopped by a signal but ended by itself, with this exit
    /// status, before the checks had finished: `exit()` in the learner's code ends the checks too.
    package let exitStatus: Int32?
    /// The calls in the learner's own file that led to the crash, innermost first, so the first
    /// is where it crashed. Empty when none is known (no frame of it was on the stack, or the
    /// stack could not be read).
    package var frames: [CrashFrame]
    /// True when the program ran out of stack: almost always a function that calls itself (or
    /// two that call each other) without end.
    package let stackOverflow: Bool

    package init(
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
    package var location: CrashFrame? { frames.first }
}

/// One call on the stack of a crash, where the source is known: `SocialPresenter.swift:17 in
/// SocialPresenter.share(_:)`.
package struct CrashFrame: Equatable, Sendable {
    /// The source file's full path.
    package let file: String
    package let line: Int
    package let column: Int
    /// The function, as Swift names it: `SocialPresenter.share(_:)`, `closure #1 in …`.
    package let function: String

    package init(file: String, line: Int, column: Int, function: String) {
        self.file = file
        self.line = line
        self.column = column
        self.function = function
    }

    /// `SocialPresenter.swift:17`.
    package var place: String {
        "\(file.split(separator: "/").last.map(String.init) ?? file):\(line)"
    }
}

/// How one mutant fared against the learner's tests.
package struct MutantResult: Sendable {
    package let mutant: Mutant
    /// The learner's tests run against the mutant.
    package let report: CheckReport

    package init(mutant: Mutant, report: CheckReport) {
        self.mutant = mutant
        self.report = report
    }

    /// True when the learner's tests noticed the mutant: a test failed or crashed, or ran out
    /// of time. (A mutant that does not compile with the learner's file also counts as caught,
    /// but that is a lesson bug that `verify --solutions` reports.)
    package var caught: Bool { report.outcome != .passed && report.outcome != .cancelled }

    /// The learner's tests that failed against this mutant, by readable name.
    package var caughtBy: [String] { report.checks.filter { !$0.passed }.map(\.readableName) }
}
