import ArgumentParser
import Domain
import Foundation
import LessonSupport

/// `run` for lesson 2: the demo is the composition root. The learner's options choose the
/// client and the clock; the same `SocialPresenter` posts with whatever it is handed.
public enum ConstructorInjectionDemo: LessonDemo {
    public static let lessonID = "constructor"

    public static let flags = ["--client", "--clock", "--text", "--image"]

    public static let usage = """
        --client twitter|facebook        which client to inject (default: twitter)
        --clock system|fixed:YYYY-MM-DD  which clock to inject (default: system)
        --text <text>                    what to post (default: "\(Options.defaultText)")
        --image <name>                   attach a picture, e.g. --image cat.jpg
        """

    /// The networks as the learner types them after `--client`.
    enum Client: String, CaseIterable, ExpressibleByArgument {
        case twitter
        case facebook

        var network: SocialNetwork {
            switch self {
            case .twitter: .twitter
            case .facebook: .facebook
            }
        }
    }

    /// What the learner may type after `run`: this time, the dependencies too.
    /// A command (not just arguments) so that error messages say `run`, the word typed.
    struct Options: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "run")
        static let defaultText = "Hello from DIDojo!"

        @Option(help: "The client to inject: twitter or facebook.")
        var client: Client = .twitter

        @Option(
            help: ArgumentHelp("The clock to inject: \(ClockChoice.syntax).", valueName: "clock"),
            transform: { try ClockChoice(parsing: $0) }
        )
        var clock: ClockChoice = .system

        @Option(help: "What to post.")
        var text: String = Options.defaultText

        @Option(help: "Attach a picture with this name.")
        var image: String?
    }

    public static func run(arguments: [String], context: DemoContext) throws {
        let options = try Options.parseDemoOptions(arguments)

        // The composition root: the only code in this lesson that names the concrete
        // volatile dependencies (the clients, the clocks, the screen and the logger).
        let timeline = Timeline(fileURL: context.workspaceDirectory.appendingPathComponent("timeline.txt"))
        let composition = SocialAppComposition(
            screen: TerminalScreen(write: context.write),
            timeline: timeline,
            logger: PrintLogger(write: context.write)
        )
        let presenter = composition.makePresenter(for: options.client.network, clock: options.clock.makeClock())

        context.print("Composition root (your options chose every dependency):")
        context.print("  let output = \(clientExpression(options.client))")
        context.print("  let clock = \(clockExpression(options.clock))")
        context.print("  let presenter = SocialPresenter(output: output, clock: clock,")
        context.print("                                  logger: PrintLogger())")
        let imageArgument = options.image.map { ", image: Image(named: \"\($0)\")" } ?? ""
        context.print("  try presenter.share(\"\(options.text)\"\(imageArgument))")
        context.print()

        let before = (try? timeline.posts().count) ?? 0
        do {
            if let image = options.image {
                try presenter.share(options.text, image: Image(named: image))
            } else {
                try presenter.share(options.text)
            }
        } catch {
            context.print("The post could not be sent: \(error)")
            return
        }

        let posts = (try? timeline.posts()) ?? []
        if posts.count > before, let post = posts.last {
            context.print("Appended to \(timeline.fileURL.path):")
            context.print("  \(post.network.displayName): \(post.text)" + (post.imageName.map { "  [image: \($0)]" } ?? ""))
        }
        context.print()
        context.print(
            "SocialPresenter did not change. The same compiled class posted to \(options.client.network.displayName) "
                + "with \(clockDescription(options.clock)). Only the composition root chose:"
        )
        context.print("here, that is you. Try `run --client \(other(options.client).rawValue) --clock \(otherClock(options.clock))`,")
        context.print("then `exercise` to write a composition root yourself.")
    }

    private static func clientExpression(_ client: Client) -> String {
        switch client {
        case .twitter: "TwitterClient(screen: terminal, timeline: timeline)"
        case .facebook: "FacebookClient(screen: terminal, timeline: timeline)"
        }
    }

    private static func clockExpression(_ clock: ClockChoice) -> String {
        switch clock {
        case .system: "SystemClock()"
        case .fixed(let date): "FixedClock(day: \"\(day(of: date))\")"
        }
    }

    private static func clockDescription(_ clock: ClockChoice) -> String {
        switch clock {
        case .system: "the real clock"
        case .fixed(let date): "a clock stopped at \(day(of: date))"
        }
    }

    private static func other(_ client: Client) -> Client {
        client == .twitter ? .facebook : .twitter
    }

    private static func otherClock(_ clock: ClockChoice) -> String {
        clock == .system ? "fixed:2016-06-18" : "system"
    }

    /// `2016-06-18`: the first word of the UTC stamp, so no second date formatter is needed.
    private static func day(of date: Date) -> String {
        String(date.utcStamp.prefix(10))
    }
}
