import ArgumentParser
import Domain
import Foundation
import LessonSupport

/// `run` for lesson 3: a presenter is created first and given its output afterwards, or not
/// at all, so the learner can see what a missing setter injection does.
public enum SetterInjectionDemo: LessonDemo {
    public static let lessonID = "setter"

    public static let flags = ["--client", "--presenter", "--clock", "--text"]

    public static let usage = """
        --client twitter|facebook|none   the client assigned to presenter.output;
                                         none assigns nothing (default: twitter)
        --presenter optional|drafts      optional: output starts as nil (default);
                                         drafts: output starts as a DraftFolder
        --clock system|fixed:YYYY-MM-DD  fixed:… assigns presenter.clock; system
                                         keeps its default (default: system)
        --text <text>                    what to post (default: "\(Options.defaultText)")
        """

    /// What `run` may assign to `presenter.output`.
    enum Client: String, CaseIterable, ExpressibleByArgument {
        case twitter
        case facebook
        case none
    }

    /// Which of the lesson's two presenters to create.
    enum PresenterKind: String, CaseIterable, ExpressibleByArgument {
        /// `SocialPresenter`: `var output: (any SocialPostOutput)?`, nil until set.
        case optional
        /// `DraftingSocialPresenter`: `var output: any SocialPostOutput = DraftFolder()`.
        case drafts
    }

    /// A command (not just arguments) so that error messages say `run`, the word typed.
    struct Options: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "run")
        static let defaultText = "Hello from DIDojo!"

        @Option(help: "What to assign to presenter.output: twitter, facebook, or none.")
        var client: Client = .twitter

        @Option(help: "Which presenter to create: optional or drafts.")
        var presenter: PresenterKind = .optional

        @Option(
            help: ArgumentHelp("The clock to assign: \(ClockChoice.syntax).", valueName: "clock"),
            transform: { try ClockChoice(parsing: $0) }
        )
        var clock: ClockChoice = .system

        @Option(help: "What to post.")
        var text: String = Options.defaultText
    }

    public static func run(arguments: [String], context: DemoContext) throws {
        let options = try Options.parseDemoOptions(arguments)
        let timeline = Timeline(fileURL: context.workspaceDirectory.appendingPathComponent("timeline.txt"))
        let screen = TerminalScreen(write: context.write)
        let output: (any SocialPostOutput)? = switch options.client {
        case .twitter: TwitterClient(screen: screen, timeline: timeline)
        case .facebook: FacebookClient(screen: screen, timeline: timeline)
        case .none: nil
        }

        let typeName = options.presenter == .optional ? "SocialPresenter" : "DraftingSocialPresenter"
        let startsWith = options.presenter == .optional ? "output is nil for now" : "output is a DraftFolder for now"
        context.print("let presenter = \(typeName)()   // \(startsWith)")
        if options.client == .none {
            context.print("// nothing is ever assigned to presenter.output")
        } else {
            let clientName = options.client == .twitter ? "TwitterClient" : "FacebookClient"
            context.print("presenter.output = \(clientName)(screen: terminal, timeline: timeline)")
        }
        if case .fixed(let date) = options.clock {
            context.print("presenter.clock = FixedClock(day: \"\(date.utcStamp.prefix(10))\")")
        } else {
            context.print("// presenter.clock keeps its default, SystemClock()")
        }
        context.print("try presenter.share(\"\(options.text)\")")
        context.print()

        let before = (try? timeline.posts().count) ?? 0
        var drafts: DraftFolder?
        do {
            switch options.presenter {
            case .optional:
                let presenter = SocialPresenter()
                presenter.output = output
                presenter.clock = options.clock.makeClock()
                try presenter.share(options.text)
            case .drafts:
                let presenter = DraftingSocialPresenter()
                drafts = presenter.output as? DraftFolder
                if let output {
                    presenter.output = output
                }
                presenter.clock = options.clock.makeClock()
                try presenter.share(options.text)
            }
        } catch {
            context.print("The post could not be sent: \(error)")
            return
        }

        let posts = (try? timeline.posts()) ?? []
        if posts.count > before, let post = posts.last {
            context.print("Appended to \(timeline.fileURL.path):")
            context.print("  \(post.network.displayName): \(post.text)")
            context.print()
            context.print("The presenter was created first and finished afterwards, by assignment.")
            context.print("Now try `run --client none` and watch what does not happen.")
        } else if let draft = drafts?.drafts.last {
            context.print("Nothing was sent, and nothing was lost: the default output kept a draft.")
            context.print("  draft: \(draft.text)")
            context.print()
            context.print("A local default makes the presenter usable from the moment it exists.")
            context.print("Try `run --presenter drafts --client facebook` to replace the default.")
        } else {
            context.print(
                "Nothing happened: no compose sheet, no new line in the timeline, and no error. "
                    + "presenter.output is nil, so `output?.post(...)` skipped the call and share "
                    + "returned as if all went well. Exercise 1 (type `exercise`) makes this loud."
            )
            context.print("Compare `run --presenter drafts --client none`.")
        }
    }
}
