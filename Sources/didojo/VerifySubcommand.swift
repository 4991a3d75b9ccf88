import ArgumentParser
import DojoCatalog
import DojoCore
import DojoGrading
import DojoShell
import DojoWorkspace
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
        names it, --mutate that the checks reject every small change to the solution (each a mutant: \
        a statement left out, a comparison loosened, an injected dependency hard-wired…): it prints, per \
        exercise, the mutants made, dropped (they do not compile), killed, declared equivalent and \
        survived, with each survivor's operator, line, diff and description, and exits with status 1 \
        when any survives. While writing checks: didojo verify --mutate --exercise ID.
        For teachers: --workspaces grades a whole class, one workspace per learner (the shell expands \
        a glob: --workspaces class/*), two learners at a time, and prints a table of learners by \
        lessons with where each is stuck; --junit FILE and --json FILE write the grades of the same \
        run (JUnit: one suite per learner and lesson, named learner/lesson; untried exercises are \
        skipped).
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

    @Flag(help: "For lesson authors: check that every mutant of each solution (a small change) is rejected by the checks.")
    var mutate = false

    @Option(help: "Only the exercises of this lesson.")
    var lesson: String?

    @Option(help: "Only this exercise (e.g. anti-patterns.3).")
    var exercise: String?

    @Option(help: "text, json, or junit (JUnit XML for CI systems and learning platforms).")
    var format: Format = .text

    @Option(parsing: .upToNextOption, help: "For teachers: grade these learners' workspaces (a class) in one run.")
    var workspaces: [String] = []

    @Option(help: "Also write the grades as JUnit XML to this file (with --workspaces, or for one workspace).")
    var junit: String?

    @Option(help: "Also write the grades as JSON to this file (with --workspaces, or for one workspace).")
    var json: String?

    private var gradesLearner: Bool { !solutions && !starters && !mistakes && !mutate }

    func validate() throws {
        if mutate, solutions || starters || mistakes {
            throw ValidationError("--mutate runs on its own: verify --solutions, --starters and --mistakes first, then --mutate.")
        }
        if mutate, format == .junit {
            throw ValidationError("--mutate prints text or json, not junit.")
        }
        if mutate, junit != nil || json != nil {
            throw ValidationError("--mutate writes no files; use --format json for tools.")
        }
        if exercise != nil, !mutate, !solutions, !starters, !mistakes {
            throw ValidationError("--exercise is for lesson authors (with --mutate, --solutions, --starters or --mistakes).")
        }
        if !workspaces.isEmpty, !gradesLearner {
            throw ValidationError("--workspaces grades learners; --solutions, --starters and --mistakes verify the lessons. Use one or the other.")
        }
        if !workspaces.isEmpty, global.setup.workspace != nil {
            throw ValidationError("Give the learners' workspaces with --workspaces only, not --workspace as well.")
        }
    }

    @MainActor
    func run() async throws {
        let root = CompositionRoot(options: global.setup)
        if !workspaces.isEmpty {
            try await gradeClass(root: root)
            return
        }
        let catalog = try SetupFailure.exitOnError { try root.catalog() }
        // What graded: the lessons folder, said on standard error so that a grade made with
        // someone's copy of the lessons cannot pass for one made with the installed ones.
        if let notice = root.workshopNotice() {
            StandardStreams.writeError(notice + "\n")
        }
        if gradesLearner { Self.sayWhichLessonsGrade(root) }
        var exercises = catalog.allExercises
        if let lesson {
            guard catalog.lesson(id: lesson) != nil else {
                try SetupFailure.stop(root.notFound(lesson, in: catalog, isExercise: false))
            }
            exercises = exercises.filter { $0.lessonID == lesson }
        }
        if let exercise {
            guard catalog.exercise(id: exercise) != nil else {
                try SetupFailure.stop(root.notFound(exercise, in: catalog, isExercise: true))
            }
            exercises = exercises.filter { $0.id == exercise }
        }
        let checker = try SetupFailure.exitOnError { try root.checker(for: catalog).get() }
        if mutate {
            try await runMutants(exercises, catalog: catalog, root: root, checker: checker)
            return
        }
        var learner: (name: String, path: String)?
        let rows: [VerificationRow]
        do {
            if gradesLearner {
                let workspace = try SetupFailure.exitOnError { try root.existingWorkspace() }
                learner = (workspace.learnerLabel(), workspace.root.path)
                rows = try await StoppableWork.run(cancelled: Self.gradingCancelled) { @MainActor in
                    try await grade(exercises, in: workspace, root: root, checker: checker)
                }
            } else {
                rows = try await StoppableWork.run(cancelled: Self.verifyingCancelled) { @MainActor in
                    try await verifyLessons(exercises, checker: checker)
                }
            }
        } catch let status as ExitCode {
            throw status
        } catch {
            try SetupFailure.stop(error)
        }
        let summary = VerificationSummary(rows: rows, lessonProblems: catalog.problems, learner: learner?.name, workspace: learner?.path)
        let junitText = JUnitReport.xml(rows, lessonProblems: catalog.problems, name: learner?.name ?? "didojo")
        try write(junit: junitText, json: try summary.json())
        switch format {
        case .text:
            for problem in catalog.problems {
                print("✗ lesson not loaded: \(problem.description)")
            }
            rows.forEach { print($0.line) }
            print(closingLine(summary))
            if let notice = Self.confinementNotice(rows) { print(notice) }
        case .json:
            print(try summary.json())
        case .junit:
            print(junitText, terminator: "")
        }
        if !summary.allPassed { throw ExitCode(1) }
    }

    /// "not confined: …" when the kernel could not confine some of the code that ran, never
    /// silently (each row of the JSON says it too); nil when all of it ran confined.
    static func confinementNotice(_ rows: [VerificationRow]) -> String? {
        let gaps = Set(rows.flatMap(\.confinementGaps))
        return gaps.isEmpty ? nil : "not confined: " + gaps.sorted().joined(separator: "; ")
    }

    /// Writes the files asked for with --junit and --json.
    private func write(junit junitText: String, json jsonText: String) throws {
        for (path, text) in [(junit, junitText), (json, jsonText + "\n")] {
            guard let path else { continue }
            do {
                try text.write(toFile: path, atomically: true, encoding: .utf8)
            } catch {
                try SetupFailure.stop(DojoError.cannotWrite(path: path, reason: error.localizedDescription))
            }
        }
    }

    /// A whole class: every workspace graded, a table for the teacher, and the files asked for.
    /// Each workspace is graded on the lessons of its own `workshop.yaml` (the teacher's
    /// `--workshop` wins), and nothing is written into it.
    @MainActor
    private func gradeClass(root: CompositionRoot) async throws {
        let all = try SetupFailure.exitOnError { try root.allLessons() }
        Self.sayWhichLessonsGrade(root)
        let given = try SetupFailure.exitOnError { try root.givenWorkshopPlan() }
        if let lesson, all.lesson(id: lesson) == nil {
            try SetupFailure.stop(root.notFound(lesson, in: all, isExercise: false))
        }
        let checker = try SetupFailure.exitOnError { try root.checker(for: all).get() }
        let rooms = try SetupFailure.exitOnError { try workspaces.map { try root.existingWorkspace(at: $0) } }
        let seats = try rooms.map { workspace in
            let plan = try SetupFailure.exitOnError { try given ?? root.workshopPlan(in: workspace) }
            let catalog = try SetupFailure.exitOnError { try plan.map { try $0.arrange(all) } ?? all }
            let exercises = catalog.allExercises.filter { lesson == nil || $0.lessonID == lesson }
            return ClassGrader.Seat(workspace: workspace, exercises: exercises)
        }
        let catalog = all
        let learners: [ClassGrader.LearnerGrades]
        do {
            learners = try await StoppableWork.run(cancelled: Self.classGradingCancelled) {
                try await ClassGrader(checker: checker).grade(seats)
            }
        } catch let status as ExitCode {
            throw status
        } catch {
            try SetupFailure.stop(error)
        }
        let rows = learners.flatMap(\.rows)
        let summary = ClassGradingSummary(learners: learners, lessonProblems: catalog.problems)
        let junitText = JUnitReport.xml(rows, lessonProblems: catalog.problems, name: "class")
        try write(junit: junitText, json: try summary.json())
        switch format {
        case .text:
            let graded = Set(seats.flatMap(\.exercises).map(\.lessonID))
            let lessons = catalog.lessons.map(\.id).filter(graded.contains)
            print(ClassSummaryTable.text(learners, lessons: lessons), terminator: "")
            print("\(learners.count) learners graded; \(rows.filter(\.passed).count) of \(rows.count) exercises pass, \(rows.filter(\.untried).count) not tried.")
            if let notice = Self.confinementNotice(rows) { print(notice) }
        case .json:
            print(try summary.json())
        case .junit:
            print(junitText, terminator: "")
        }
        if !rows.allSatisfy(\.passed) || !catalog.problems.isEmpty { throw ExitCode(1) }
    }

    /// The learner's own files, each grade recorded in their progress as it comes (under the
    /// progress lock, so a shell open on the workspace meanwhile loses nothing).
    @MainActor
    private func grade(_ exercises: [Exercise], in workspace: Workspace, root: CompositionRoot, checker: any ExerciseChecker) async throws -> [VerificationRow] {
        // A learner file that was deleted is graded as its starter, as `check` does.
        try workspace.prepare(for: exercises)
        let recorder = CheckRecorder(checker: checker, store: root.progressStore(for: workspace), timeSource: root.timeSource)
        let grades = try await WorkspaceGrader(recorder: recorder, workspace: workspace).grade(exercises)
        for problem in Set(grades.compactMap(\.saveProblem)) {
            StandardStreams.writeError("Could not record the grades in the learner's progress: \(problem)\n")
        }
        return grades.map { VerificationRow($0) }
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

    /// For lesson authors: every exercise's checks against the mutants of its solution.
    @MainActor
    private func runMutants(_ exercises: [Exercise], catalog: LessonCatalog, root: CompositionRoot, checker: any ExerciseChecker) async throws {
        let verifier = root.mutationVerifier(checker: checker, catalog: catalog)
        let started = ContinuousClock.now
        let reports: [MutationReport]
        do {
            reports = try await StoppableWork.run(cancelled: Self.verifyingCancelled) {
                try await verifier.verify(exercises) { line in
                    StandardStreams.writeError("\(line)\n")
                }
            }
        } catch let status as ExitCode {
            throw status
        } catch {
            try SetupFailure.stop(error)
        }
        switch format {
        case .text, .junit:
            for problem in catalog.problems {
                print("✗ lesson not loaded: \(problem.description)")
            }
            reports.forEach { print($0.text) }
            let survived = reports.reduce(0) { $0 + $1.survivors.count }
            let made = reports.reduce(0) { $0 + $1.made }
            let seconds = Double(started.duration(to: .now).components.seconds)
            print(survived == 0 && reports.allSatisfy(\.holds)
                  ? "All hold: every mutant that compiles is killed or declared equivalent (\(made) made, \(Int(seconds)) s)."
                  : "\(survived) of \(made) mutants survived (marked ✗ above; \(Int(seconds)) s): sharpen the checks, or declare an equivalent in lesson.yaml.")
        case .json:
            print(try MutationReport.json(reports))
        }
        if !reports.allSatisfy(\.holds) || !catalog.problems.isEmpty { throw ExitCode(1) }
    }

    /// Says on standard error which lessons folder grades, so that a grade made with someone's
    /// copy of the lessons cannot pass for one made with the installed ones.
    @MainActor
    private static func sayWhichLessonsGrade(_ root: CompositionRoot) {
        guard let folder = try? root.lessonsFolder() else { return }
        StandardStreams.writeError("Grading with the lessons in \(folder.path)\(root.isInstalledLessons(folder) ? "" : " (NOT the lessons of this didojo)").\n")
    }

    /// What `verify` (and `report --verify`) says when it is stopped (see `StoppableWork`).
    static let gradingCancelled = "Grading cancelled: the checks under way were stopped, and none of them was recorded. The grades recorded before stand; run 'didojo verify' again to grade every exercise."
    static let classGradingCancelled = "Grading cancelled: the checks under way were stopped, and no grades were written. Run 'didojo verify --workspaces' again to grade the class."
    static let verifyingCancelled = "Verification cancelled: the checks under way were stopped. Run it again for a result."

    private func closingLine(_ summary: VerificationSummary) -> String {
        if !gradesLearner {
            return summary.allPassed ? "All hold." : "Some do not hold (marked ✗)."
        }
        if summary.allPassed { return "All \(summary.total) exercises pass." }
        return "\(summary.passed) of \(summary.total) exercises pass."
    }
}
