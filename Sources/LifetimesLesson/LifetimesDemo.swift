import ArgumentParser
import Domain
import Foundation
import LessonSupport

/// `run` for lesson 9: decorators chained around an unreliable network in the order the learner
/// types (`run --chain retry,log`), or two share screens built by a composition root, with the
/// identities of what they hold (`run --lifetimes captive`).
public enum LifetimesDemo: LessonDemo {
    public static let lessonID = "lifetimes"

    /// The flags, then the values Tab offers for them (the shell completes words, not pairs).
    public static let flags = [
        "--chain", "--failures", "--text", "--lifetimes",
        "retry,log", "log,retry", "time,retry", "retry,time", "retry,broadcast", "broadcast,retry",
        "log,broadcast,retry", "none",
    ] + LifetimesRoot.allCases.map(\.rawValue)

    public static let usage = """
        --chain <links>       decorators around the network, outermost first: log, retry, time,
                              broadcast (default: retry,log); e.g. log,retry or retry,broadcast
        --failures <n>        how many posts the unreliable network fails first (default: 2)
        --text <text>         what to post (default: "\(Options.defaultText)")
        --lifetimes <root>    two share screens instead, built by by-hand, captive, swinject or
                              swinject-captive, with the identities of what they hold
        """

    /// What the learner may type after `run`.
    /// A command (not just arguments) so that error messages say `run`, the word typed.
    struct Options: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "run")
        static let defaultText = "Hello from DIDojo!"

        @Option(
            help: ArgumentHelp("Decorators around the network: \(OutputChain.syntax).", valueName: "links"),
            transform: { try OutputChain(parsing: $0) }
        )
        var chain = OutputChain(links: [.retry, .log])

        @Option(help: "How many posts the unreliable network fails before one gets through (0 to 9).")
        var failures = 2

        @Option(help: "What to post.")
        var text = Options.defaultText

        @Option(help: "Build two share screens with this composition root: by-hand, captive, swinject or swinject-captive.")
        var lifetimes: LifetimesRoot?

        func validate() throws {
            guard (0...9).contains(failures) else {
                throw ValidationError("--failures must be between 0 and 9, not \(failures)")
            }
        }
    }

    public static func run(arguments: [String], context: DemoContext) throws {
        let options = try Options.parseDemoOptions(arguments)
        let timeline = Timeline(fileURL: context.workspaceDirectory.appendingPathComponent("timeline.txt"))
        if let root = options.lifetimes {
            LifetimesWalk(root: root, timeline: timeline, context: context).run()
        } else {
            ChainWalk(chain: options.chain, failures: options.failures, text: options.text, timeline: timeline, context: context).run()
        }
    }
}

extension LifetimesRoot: ExpressibleByArgument {}
