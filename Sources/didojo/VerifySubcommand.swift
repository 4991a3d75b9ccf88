import ArgumentParser
import DojoCore
import DojoShell
import Foundation

/// `didojo verify --solutions` / `--starters`: for lesson authors and CI.
struct VerifySubcommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "For lesson authors: every solution passes its checks (--solutions), every starter fails them (--starters)."
    )

    @OptionGroup var global: GlobalOptions

    @Flag(help: "Check that every reference solution passes.")
    var solutions = false

    @Flag(help: "Check that every starter fails.")
    var starters = false

    @Option(help: "Only the exercises of this lesson.")
    var lesson: String?

    func validate() throws {
        guard solutions || starters else {
            throw ValidationError("Say what to verify: --solutions, --starters, or both.")
        }
    }

    @MainActor
    func run() async throws {
        let root = CompositionRoot(options: global)
        let catalog = try SetupFailure.exitOnError { try root.catalog() }
        let checker = try SetupFailure.exitOnError { try root.checker().get() }
        var exercises = catalog.allExercises
        if let lesson {
            guard catalog.lesson(id: lesson) != nil else {
                try SetupFailure.stop(DojoError.unknownLesson(lesson, suggestion: ClosestMatch.find(lesson, among: catalog.lessons.map(\.id))))
            }
            exercises = exercises.filter { $0.lessonID == lesson }
        }
        var allHold = catalog.problems.isEmpty
        for problem in catalog.problems {
            print("✗ lesson not loaded: \(problem.description)")
        }
        let verifier = LessonVerifier(checker: checker)
        let modes = [solutions ? LessonVerifier.Mode.solutions : nil, starters ? .starters : nil].compactMap { $0 }
        for mode in modes {
            let findings: [LessonVerifier.Finding]
            do {
                findings = try await verifier.verify(exercises, mode: mode)
            } catch {
                try SetupFailure.stop(error)
            }
            for finding in findings {
                print(VerificationLine.describe(finding))
                allHold = allHold && finding.holds
            }
        }
        print(allHold ? "All hold." : "Some do not hold (marked ✗).")
        if !allHold { throw ExitCode(1) }
    }
}
