import Domain
import LessonSupport
import Swinject

/// `run --lifetimes …`: two share screens from one composition root, something written on each,
/// Share tapped on the second, and who holds which object.
struct LifetimesWalk {
    let root: LifetimesRoot
    let timeline: Timeline
    let context: DemoContext

    func run() {
        let logger = PrintLogger(write: context.write)
        let twitter = TwitterClient(screen: TerminalScreen(write: context.write), timeline: timeline)
        let makeScreen = screenFactory(logger: logger, output: twitter)

        context.print("  let logger = PrintLogger()")
        context.print("  let twitter = TwitterClient(screen: terminal, timeline: timeline)")
        context.print("  " + rootCode)
        context.print("  let first = \(makeCode)")
        context.print("  first.write(\"Good morning\")")
        context.print("  let second = \(makeCode)")
        context.print("  second.write(\"Good evening\")")
        context.print("  try second.tapShare()")
        context.print()
        let first = makeScreen()
        first.write("Good morning")
        let second = makeScreen()
        second.write("Good evening")
        do {
            try second.tapShare()
        } catch {
            context.print("The post could not be sent: \(error)")
        }

        let labels = IdentityLabels()
        let rows: [(String, (ShareScreen) -> AnyObject)] = [
            ("the screen", { $0 }),
            ("its presenter", { $0.presenter }),
            ("the screen's draft", { $0.draft }),
            ("the presenter's draft", { $0.presenter.draft }),
        ]
        context.print()
        context.print("Who holds what (the same label is the same object, ===):")
        context.print("  " + pad("", 24) + pad("first", 18) + "second")
        for (name, object) in rows {
            context.print("  " + pad(name, 24) + pad(labels.label(object(first)), 18) + labels.label(object(second)))
        }
        context.print()
        if second.presenter.draft === second.draft {
            context.print("Each screen got a draft of its own, shared by the screen and its presenter: scoped,")
            context.print("one per screen. The second screen posted what was written on it. Now try")
            context.print("`run --lifetimes \(root == .swinject ? "swinject-captive" : "captive")`.")
        } else {
            context.print("The second screen's presenter is \(labels.label(second.presenter)), and it holds \(labels.label(second.presenter.draft)): the first")
            context.print("screen's draft, held captive by a presenter that lives as long as the \(root == .captive ? "root" : "container").")
            context.print("So the second screen posted \"\(second.presenter.draft.text)\", written on the first one. Nothing crashed, and")
            context.print("nothing warned\(root == .captive ? "" : ": Swinject does not compare lifetimes either").")
        }
    }

    /// The line that builds the composition root, as the learner would write it.
    private var rootCode: String {
        switch root {
        case .byHand: "let root = ShareAppComposition(logger: logger, output: twitter)"
        case .captive: "let root = CaptiveShareComposition(logger: logger, output: twitter)"
        case .swinject: "let container = SwinjectShareComposition.makeContainer(logger: logger, output: twitter)"
        case .swinjectCaptive:
            "let container = SwinjectShareComposition.makeContainer(logger: logger, output: twitter,\n" +
            "                                                       presenterScope: .container)"
        }
    }

    /// How the walk's code builds a screen.
    private var makeCode: String {
        switch root {
        case .byHand, .captive: "root.makeShareScreen()"
        case .swinject, .swinjectCaptive: "container.resolve(ShareScreen.self)!"
        }
    }

    private func screenFactory(logger: any Logger, output: any SocialPostOutput) -> () -> ShareScreen {
        switch root {
        case .byHand:
            let composition = ShareAppComposition(logger: logger, output: output)
            return composition.makeShareScreen
        case .captive:
            let composition = CaptiveShareComposition(logger: logger, output: output)
            return composition.makeShareScreen
        case .swinject, .swinjectCaptive:
            let container = SwinjectShareComposition.makeContainer(
                logger: logger, output: output, presenterScope: root == .swinject ? .transient : .container)
            return { container.resolve(ShareScreen.self)! }
        }
    }

    private func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }
}
