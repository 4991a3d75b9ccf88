import ArgumentParser
import Foundation

/// `didojo-demos run --workspace DIR <lesson-id> [options]`: runs one lesson's demo, writing
/// to standard output. Exit status 0 when it ran, 2 when its options were not understood, it
/// failed, or the lesson has none (the reason is printed either way, for the learner).
struct RunDemoSubcommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "run", abstract: "Run one lesson's example program.")

    @Option(help: ArgumentHelp("The learner's workspace, where demos keep their files.", valueName: "dir"))
    var workspace: String

    @Argument(help: "The lesson, e.g. no-di.")
    var lesson: String

    @Argument(parsing: .captureForPassthrough, help: "The lesson's own options.")
    var options: [String] = []

    func run() throws {
        guard let demo = LessonDemos.demo(forLesson: lesson) else {
            DemoRunner.write("The lesson \(lesson) has no program to run.\n")
            throw ExitCode(2)
        }
        if !DemoRunner.run(demo, arguments: options, workspace: URL(fileURLWithPath: workspace)) {
            throw ExitCode(2)
        }
    }
}
