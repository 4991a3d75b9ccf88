import ArgumentParser
import DojoCore
import DojoShell
import Foundation

/// `didojo verify`: grades a learner's workspace, or, with `--solutions` / `--starters`, lets
/// lesson authors prove that every solution passes and every starter fails.
struct VerifySubcommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Grade the learner's workspace: every exercise checked, exit status 0 only when all pass.",
        discussion: """
        Without --solutions, --starters or --mistakes, grades the learner's file of every exercise (or \
        of one lesson) without asking anything: exit status 0 when all pass, 1 when any does not, 2 \
        for a usage or set-up error. The grades are recorded in the learner's progress: a pass the \
        file no longer earns is taken back; grading runs are not counted as the learner's attempts.
        For lesson authors: --solutions checks that every reference solution passes, --starters that \
        every starter fails, --mistakes that every catalogued mistake is rejected with a report that \
        names it.
        """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json, junit
    }

    @OptionGroup var global: GlobalOptions

    @Flag(help: "For lesson authors: check that every reference solution passes.")
    var solutions = false

    @Flag(help: "For lesson authors: check that every starter fails.")
    var starters = false

    @Flag(help: "For lesson authors: check that every catalogued mistake is rejected, with a report that names it.")
    var mistakes = false

    @Option(help: "Only the exercises of this lesson.")
    var lesson: String?

    @Option(help: "text, json, or junit (JUnit XML for CI systems and learning platforms).")
    var format: Format = .text

    private var gradesLearner: Bool { !solutions && !starters && !mistakes }

    @MainActor
    func run() async throws {
        let root = CompositionRoot(options: global.setup)
        let catalog = try SetupFailure.exitOnError { try root.catalog() }
        var exercises = catalog.allExercises
        if let lesson {
            guard catalog.lesson(id: lesson) != nil else {
                try SetupFailure.stop(DojoError.unknownLesson(lesson, suggestion: ClosestMatch.find(lesson, among: catalog.lessons.map(\.id))))
            }
            exercises = exercises.filter { $0.lessonID == lesson }
        }
        let checker = try SetupFailure.exitOnError { try root.checker(for: catalog).get() }
        let rows: [VerificationRow]
        do {
            rows = gradesLearner
                ? try await grade(exercises, root: root, checker: checker)
                : try await verifyLessons(exercises, checker: checker)
        } catch let status as ExitCode {
            throw status
        } catch {
            try SetupFailure.stop(error)
        }
        let summary = VerificationSummary(rows: rows, lessonProblems: catalog.problems)
        switch format {
        case .text:
            for problem in catalog.problems {
                print("✗ lesson not loaded: \(problem.description)")
            }
            rows.forEach { print($0.line) }
            print(closingLine(summary))
        case .json:
            print(try summary.json())
        case .junit:
            print(JUnitReport.xml(rows, lessonProblems: catalog.problems), terminator: "")
        }
        if !summary.allPassed { throw ExitCode(1) }
    }

    /// The learner's own files, each grade recorded in their progress as it comes (under the
    /// progress lock, so a shell open on the workspace meanwhile loses nothing).
    @MainActor
    private func grade(_ exercises: [Exercise], root: CompositionRoot, checker: any ExerciseChecker) async throws -> [VerificationRow] {
        let workspace = try SetupFailure.exitOnError { try root.existingWorkspace() }
        // A learner file that was deleted is graded as its starter, as `check` does.
        try workspace.prepare(for: exercises)
        let recorder = CheckRecorder(checker: checker, store: root.progressStore(for: workspace), timeSource: root.timeSource)
        let grades = try await WorkspaceGrader(recorder: recorder, workspace: workspace).grade(exercises)
        for problem in Set(grades.compactMap(\.saveProblem)) {
            FileHandle.standardError.write(Data("Could not record the grades in the learner's progress: \(problem)\n".utf8))
        }
        return grades.map(VerificationRow.init)
    }

    /// For lesson authors: the solutions, the starters, or both.
    @MainActor
    private func verifyLessons(_ exercises: [Exercise], checker: any ExerciseChecker) async throws -> [VerificationRow] {
        let fileSystem = LocalFileSystem()
        let verifier = LessonVerifier(checker: checker) { report, exercise, file in
            await PlainReportText.text(of: report, exercise: exercise, learnerFile: file, fileSystem: fileSystem)
        }
        var rows: [VerificationRow] = []
        let modes: [LessonVerifier.Mode?] = [solutions ? .solutions : nil, starters ? .starters : nil, mistakes ? .mistakes : nil]
        for mode in modes.compactMap({ $0 }) {
            rows += try await verifier.verify(exercises, mode: mode).map(VerificationRow.init)
        }
        return rows
    }

    private func closingLine(_ summary: VerificationSummary) -> String {
        if !gradesLearner {
            return summary.allPassed ? "All hold." : "Some do not hold (marked ✗)."
        }
        if summary.allPassed { return "All \(summary.total) exercises pass." }
        return "\(summary.passed) of \(summary.total) exercises pass."
    }
}
