import ArgumentParser
import Clocks
import Dependencies
import Domain
import Foundation
import IssueReporting
import LessonSupport

/// `run` for lesson 7: one feature, `ComposeModel`, in the live, preview and test contexts;
/// the hand-built store of Part 1 (`--handmade`); and the three gotchas (`--gotcha`).
public enum DependencyValuesDemo: LessonDemo {
    public static let lessonID = "dependency-values"

    public static let flags = ["--context", "--gotcha", "--handmade", "--text"]

    public static let usage = """
        --context <context>  run the feature in one context only: live, preview or test (default: all three)
        --gotcha <name>      show a pitfall and its fix: captured, escaping or unimplemented
        --handmade           Part 1: the hand-built store, @Injected and withHandmadeDependencies
        --text <text>        what to post (default: "\(Options.defaultText)")
        """

    /// What the learner may type after `run`.
    /// A command (not just arguments) so that error messages say `run`, the word typed.
    struct Options: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "run")
        static let defaultText = "Hello from DIDojo!"

        @Option(help: "Run the feature in one context only: live, preview or test.")
        var context: DemoContextChoice?

        @Option(help: "Show a pitfall and its fix: captured, escaping or unimplemented.")
        var gotcha: Gotcha?

        @Flag(help: "Part 1: the hand-built store.")
        var handmade = false

        @Option(help: "What to post.")
        var text: String = Options.defaultText

        func validate() throws {
            let chosen = [context != nil, gotcha != nil, handmade].filter { $0 }.count
            if chosen > 1 {
                throw ValidationError("Choose one of --context, --gotcha and --handmade at a time.")
            }
        }
    }

    /// 2016-06-18 00:00 UTC: the day the tests of every lesson stop the clock at.
    static let testDay = Date(timeIntervalSince1970: 1_466_208_000)

    public static func run(arguments: [String], context: DemoContext) throws {
        let options = try Options.parseDemoOptions(arguments)
        let timeline = Timeline(fileURL: context.workspaceDirectory.appendingPathComponent("timeline.txt"))
        if options.handmade {
            HandmadeDemo.run(text: options.text, context: context)
        } else if let gotcha = options.gotcha {
            GotchaDemo.run(gotcha, timeline: timeline, context: context)
        } else {
            let contexts = options.context.map { [$0] } ?? DemoContextChoice.allCases
            context.print("One feature, ComposeModel, in \(contexts.count == 1 ? "one context" : "three contexts"). Only the context changes:")
            context.print()
            context.print("    let model = withDependencies { $0.context = <context> } operation: { ComposeModel() }")
            context.print("    let receipt = try model.share(\"\(options.text)\")")
            for choice in contexts {
                context.print()
                context.print("── \(choice.rawValue) " + String(repeating: "─", count: 60 - choice.rawValue.count))
                switch choice {
                case .live: runLive(text: options.text, timeline: timeline, context: context)
                case .preview: runPreview(text: options.text, timeline: timeline, context: context)
                case .test: runTest(text: options.text, timeline: timeline, context: context)
                }
            }
            context.print()
            context.print("Try `run --gotcha captured`, `run --gotcha escaping` and `run --gotcha unimplemented`,")
            context.print("or `run --handmade` for the store of Part 1.")
        }
    }

    /// Runs `operation` in brand-new dependency values for `choice`, with the live timeline in
    /// the workspace.
    ///
    /// Brand-new because the library caches each default value per context for the life of the
    /// process, and the tutor is one long process: fresh values make every `run` like the first.
    static func inFreshValues<Result>(
        _ choice: DemoContextChoice, timeline: Timeline, _ operation: () throws -> Result
    ) rethrows -> Result {
        try withDependencies {
            $0 = DependencyValues()
            $0.context = choice.dependencyContext
            $0.timeline = timeline
        } operation: {
            try operation()
        }
    }

    private static func runLive(text: String, timeline: Timeline, context: DemoContext) {
        context.print(
            "SocialClient.liveValue; \\.date, \\.uuid and \\.continuousClock are the real ones. "
                + "(The demo sets $0.timeline to your workspace's timeline.txt.)"
        )
        inFreshValues(.live, timeline: timeline) {
            let model = ComposeModel()
            do {
                let receipt = try model.share(text)
                context.print("  sent     \(describe(receipt.post))")
                context.print("  receipt  \(receipt.id.uuidString), sent in \(milliseconds(receipt.sendingTime))")
                context.print("  the file \(timeline.fileURL.path) now holds \((try? model.sentPosts().count) ?? 0) post(s)")
            } catch {
                context.print("  share failed: \(error)")
            }
        }
    }

    private static func runPreview(text: String, timeline: Timeline, context: DemoContext) {
        context.print("SocialClient.previewValue: posts kept in memory, starting with two samples.")
        inFreshValues(.preview, timeline: timeline) {
            let model = ComposeModel()
            do {
                let receipt = try model.share(text)
                context.print("  sent     \(describe(receipt.post))")
                context.print("  the preview's posts, nothing written to any file:")
                for post in try model.sentPosts() {
                    context.print("    \(describe(post))")
                }
            } catch {
                context.print("  share failed: \(error)")
            }
        }
    }

    private static func runTest(text: String, timeline: Timeline, context: DemoContext) {
        context.print("No overrides: every dependency gives its testValue.")
        let collector = IssueCollector()
        withIssueReporters([collector]) {
            inFreshValues(.test, timeline: timeline) {
                do {
                    _ = try ComposeModel().share(text)
                    context.print("  share succeeded (it should not have)")
                } catch {
                    context.print("  share threw \(error)")
                }
            }
        }
        context.print("  and the library reported \(collector.messages.count) issue(s), the first line of each:")
        for message in collector.messages {
            context.print("    ! \(firstLine(of: message))")
        }
        context.print("  A test run turns each into a failure. A test says what it needs instead:")
        context.print()
        context.print("    let sent = LockIsolated<[Post]>([])")
        context.print("    let receipt = try withDependencies {")
        context.print("        $0.context = .test")
        context.print("        $0.date.now = Date(timeIntervalSince1970: 1_466_208_000)  // 2016-06-18")
        context.print("        $0.uuid = .incrementing")
        context.print("        $0.continuousClock = ImmediateClock()")
        context.print("        $0[SocialClient.self].send = { post in sent.withValue { $0.append(post) } }")
        context.print("    } operation: {")
        context.print("        try ComposeModel().share(\"\(text)\")")
        context.print("    }")
        context.print()
        let sent = LockIsolated<[Post]>([])
        let checked = IssueCollector()
        withIssueReporters([checked]) {
            inFreshValues(.test, timeline: timeline) {
                do {
                    let receipt = try withDependencies {
                        $0.date.now = testDay
                        $0.uuid = .incrementing
                        $0.continuousClock = ImmediateClock()
                        $0[SocialClient.self].send = { post in sent.withValue { $0.append(post) } }
                    } operation: {
                        try ComposeModel().share(text)
                    }
                    context.print("  sent     \(sent.value.map(describe).joined(separator: "; "))")
                    context.print("  receipt  \(receipt.id.uuidString), sent in \(milliseconds(receipt.sendingTime))")
                } catch {
                    context.print("  share threw \(error)")
                }
            }
        }
        context.print("  issues reported: \(checked.messages.count). Same text, same id, same time on every run.")
    }

    /// `Twitter: Hello (…)`.
    static func describe(_ post: Post) -> String {
        "\(post.network.displayName): \(post.text)"
    }

    /// `0.79 ms`: a `Duration` the way people read short times.
    static func milliseconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let value = Double(seconds) * 1_000 + Double(attoseconds) / 1e15
        return value == 0 ? "0 ms" : String(format: "%.2f ms", value)
    }

    static func firstLine(of message: String) -> String {
        String(message.split(separator: "\n", maxSplits: 1).first ?? "")
    }
}
