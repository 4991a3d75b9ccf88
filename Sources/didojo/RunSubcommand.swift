import ArgumentParser
import DojoCore
import DojoShell
import Foundation

/// `didojo run <lesson-id> [options]`: the lesson's example program.
struct RunSubcommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "run", abstract: "Run a lesson's example program.")

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The lesson, e.g. no-di.")
    var lesson: String

    @Argument(parsing: .captureForPassthrough, help: "The lesson's own options (see 'help run' in the shell).")
    var options: [String] = []

    @MainActor
    func run() async throws {
        let root = CompositionRoot(options: global)
        let catalog = try SetupFailure.exitOnError { try root.catalog() }
        guard catalog.lesson(id: lesson) != nil, let demo = LessonDemos.all.first(where: { $0.lessonID == lesson }) else {
            let suggestion = ClosestMatch.find(lesson, among: catalog.lessons.map(\.id))
            try SetupFailure.stop(DojoError.unknownLesson(lesson, suggestion: suggestion))
        }
        let workspace = root.workspace()
        try SetupFailure.exitOnError { try workspace.prepare(for: catalog.allExercises) }
        root.pointTimeline(at: workspace)
        let succeeded = DemoRunner.run(demo, arguments: options, workspace: workspace.root) {
            FileHandle.standardOutput.write(Data($0.utf8))
        }
        if !succeeded { throw ExitCode(2) }
    }
}
