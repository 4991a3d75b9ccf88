import ArgumentParser
import Domain
import Foundation
import LessonSupport

/// `run` for lesson 1: a hard-wired `SocialPresenter` sends a post, then the demo lists what
/// the learner could not choose.
public enum NoDIDemo: LessonDemo {
    public static let lessonID = "no-di"

    public static let flags = ["--text", "--image"]

    public static let usage = """
        --text <text>    what to post (default: "\(Options.defaultText)")
        --image <name>   attach a picture with this name, e.g. --image cat.jpg
        There is no --client and no --clock: the presenter picks those itself.
        """

    /// What the learner may type after `run`: only the post itself, never its dependencies.
    /// A command (not just arguments) so that error messages say `run`, the word typed.
    struct Options: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "run")
        static let defaultText = "Hello from DIDojo!"

        @Option(help: "What to post.")
        var text: String = Options.defaultText

        @Option(help: "Attach a picture with this name.")
        var image: String?
    }

    public static func run(arguments: [String], context: DemoContext) throws {
        let options = try Options.parseDemoOptions(arguments)
        let timeline = useWorkspaceTimelineUnlessSet(context.workspaceDirectory)
        let before = (try? timeline.posts().count) ?? 0

        context.print("let presenter = SocialPresenter()   // builds its own TwitterClient and SystemClock")
        let imageArgument = options.image.map { ", image: Image(named: \"\($0)\")" } ?? ""
        context.print("try presenter.share(\"\(options.text)\"\(imageArgument))")
        context.print()

        let presenter = SocialPresenter()
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

        context.print()
        let posts = (try? timeline.posts()) ?? []
        if posts.count > before, let post = posts.last {
            context.print("Appended to \(timeline.fileURL.path):")
            context.print("  \(post.network.displayName): \(post.text)" + (post.imageName.map { "  [image: \($0)]" } ?? ""))
        }
        context.print()
        context.print("What you could not choose:")
        context.print("  - the network: always Twitter, because `TwitterClient()` is written inside SocialPresenter;")
        context.print("  - the time: always the real clock, because `SystemClock()` is written there too;")
        context.print("  - where the post goes: the client's defaults pick the terminal and the timeline file.")
        context.print(
            "Changing any of these means editing SocialPresenter itself. Try `run --client facebook`: "
                + "there is no such option, because the presenter gives nobody a way in."
        )
        context.print("Next: `exercise` to feel the cost, or `next` to read on.")
    }

    /// Points the standard timeline at the workspace when nobody has chosen a file yet.
    ///
    /// The presenter builds its client itself, so the demo cannot hand it a timeline; the
    /// environment variable is the only handle left. That such a global back door is needed
    /// at all is one of the costs this lesson is about.
    private static func useWorkspaceTimelineUnlessSet(_ workspace: URL) -> Timeline {
        let file = workspace.appendingPathComponent("timeline.txt").path
        setenv(Timeline.environmentVariable, file, 0)  // 0: keep a file the tutor already chose
        return Timeline.standard
    }
}
