/// One exercise's line in a verification or grading report, whatever was checked: what the
/// text, JSON and JUnit outputs of `didojo verify` are all made from.
package struct VerificationRow: Sendable, Equatable, Encodable {
    /// What was checked against the exercise's checks.
    package enum Subject: String, Sendable, Encodable {
        case learnerFile = "learner-file", solution, starter, mistake
    }

    /// Whose workspace was graded, when a class was (`verify --workspaces`): the learner's
    /// name, else the workspace folder's. Nil for one workspace and for what authors verify.
    package let learner: String?
    package let lesson: String
    package let exercise: String
    package let title: String
    package let subject: Subject
    /// True when the exercise behaves as it must: the learner's file and the solution pass,
    /// the starter fails.
    package let passed: Bool
    /// True when the learner's file is still the starter: not checked, and not passed (JUnit's
    /// `skipped`). Always false for what an author verifies.
    package let untried: Bool
    /// The readable line, e.g. "✓ no-di.1 passed (4 checks)".
    package let line: String
    /// Why it did not behave, in readable words; nil when it did.
    package let problem: String?
    /// What the learner's code printed while it was checked (capped by the checker); kept
    /// only when it did not pass, where it may explain why.
    package let output: String
    package let seconds: Double
    /// What the kernel could not confine while the file's code ran (see `CheckReport`); empty
    /// when the run was confined whole, or nothing ran. A grade says whether it was confined.
    package private(set) var confinementGaps: [String] = []
    /// Whether the code ran confined whole (in the JSON beside the gaps).
    package private(set) var confined = true

    package init(
        lesson: String, exercise: String, title: String, subject: Subject, passed: Bool, line: String,
        problem: String?, output: String = "", seconds: Double = 0, untried: Bool = false, learner: String? = nil
    ) {
        self.learner = learner
        self.lesson = lesson
        self.exercise = exercise
        self.title = title
        self.subject = subject
        self.passed = passed
        self.untried = untried
        self.line = line
        self.problem = problem
        self.output = output
        self.seconds = seconds
    }

    /// A learner's file, graded; `learner` names whose when a class was graded.
    package init(_ grade: WorkspaceGrader.Grade, learner: String? = nil) {
        self.init(
            lesson: grade.exercise.lessonID, exercise: grade.exercise.id, title: grade.exercise.title, subject: .learnerFile,
            passed: grade.passed, line: VerificationLine.describe(grade),
            problem: grade.passed ? nil : grade.report.map(VerificationLine.problem) ?? VerificationLine.untried,
            output: grade.passed ? "" : grade.report?.output ?? "", seconds: grade.report.map { Self.seconds($0.duration) } ?? 0,
            untried: grade.untried, learner: learner
        )
        confinementGaps = grade.report?.confinementGaps ?? []
        confined = confinementGaps.isEmpty
    }

    /// A solution, a starter or a catalogued mistake, verified by a lesson author.
    package init(_ finding: LessonVerifier.Finding) {
        let subject: Subject = switch finding.mode {
        case .solutions: .solution
        case .starters: .starter
        case .mistakes: .mistake
        }
        self.init(
            lesson: finding.exercise.lessonID, exercise: finding.exercise.id,
            title: finding.exercise.title + (finding.mistake.map { " · mistake \($0.id)" } ?? ""),
            subject: subject, passed: finding.holds,
            line: VerificationLine.describe(finding),
            problem: finding.holds ? nil : VerificationLine.shortfall(finding),
            output: finding.holds ? "" : finding.report.output, seconds: Self.seconds(finding.report.duration)
        )
        confinementGaps = finding.report.confinementGaps
        confined = confinementGaps.isEmpty
    }

    private static func seconds(_ duration: Duration) -> Double {
        let parts = duration.components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }
}
