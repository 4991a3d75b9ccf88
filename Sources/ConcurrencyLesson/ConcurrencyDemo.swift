import ArgumentParser
import Domain
import Foundation
import LessonSupport

/// `run` for lesson 10: the share screen on the main actor (`run`), a debounced search
/// (`run --part search`), a trace id across tasks (`run --part trace`).
public enum ConcurrencyDemo: LessonDemo {
    public static let lessonID = "concurrency"

    public static let flags = ["--part", "--text", "--failures", "--typing"]
        + ConcurrencyPart.allCases.map(\.rawValue)

    public static let usage = """
        --part <part>         share (default), search or trace
        --text <text>         what to share (default: "\(Options.defaultText)")
        --failures <n>        how many tries the network fails first (default: 2)
        --typing <queries>    for search, the keystrokes (default: a,an,ann)
        """

    /// What the learner may type after `run`.
    struct Options: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "run")
        static let defaultText = "Hello from DIDojo!"

        @Option(help: "What to show: share, search or trace.")
        var part = ConcurrencyPart.share

        @Option(help: "What to share.")
        var text = Options.defaultText

        @Option(help: "How many tries the network fails before one gets through (0 to 3).")
        var failures = 2

        @Option(help: "What is typed into the mention field, comma-separated.")
        var typing = "a,an,ann"

        func validate() throws {
            guard (0...3).contains(failures) else {
                throw ValidationError("--failures must be between 0 and 3 (the retry tries 4 times), not \(failures)")
            }
        }
    }

    public static func run(arguments: [String], context: DemoContext) throws {
        let options = try Options.parseDemoOptions(arguments)
        let timeline = Timeline(fileURL: context.workspaceDirectory.appendingPathComponent("timeline.txt"))
        let typing = options.typing.split(separator: ",").map { String($0) }
        let write = context.write
        let part = options.part
        let text = options.text
        let failures = options.failures
        MainRunLoop.run {
            await ConcurrencyWalk(
                part: part, text: text, failures: failures, typing: typing, timeline: timeline, write: write
            ).run()
        }
    }
}

extension ConcurrencyPart: ExpressibleByArgument {}
