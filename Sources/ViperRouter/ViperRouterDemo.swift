import ArgumentParser
import Domain
import Foundation
import LessonSupport

/// `run` for lesson 5: the app assembles the user module through its router, shows the list,
/// opens one user's detail, goes back, and shows that the whole module was freed.
public enum ViperRouterDemo: LessonDemo {
    public static let lessonID = "viper-router"

    public static let flags = ["--select", "--clock"]

    public static let usage = """
        --select <name>   the user to open, by name or handle (default: "\(Options.defaultSelection)")
        --clock <clock>   \(ClockChoice.syntax): the time the interactor logs (default: system)
        """

    /// What the learner may type after `run`. A command (not just arguments) so that error
    /// messages say `run`, the word typed.
    struct Options: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "run")
        static let defaultSelection = "Grace Hopper"

        @Option(help: ArgumentHelp("The user to open, by name or handle.", valueName: "name"))
        var select: String = Options.defaultSelection

        @Option(help: "The time the interactor logs: \(ClockChoice.syntax).", transform: { try ClockChoice(parsing: $0) })
        var clock: ClockChoice = .system

        mutating func validate() throws {
            guard UserSelection.user(named: select, in: SampleUserDataSource.users) != nil else {
                let names = SampleUserDataSource.users.map(\.name).sorted()
                throw ValidationError("there is no user \"\(select)\"; pick one of: \(names.joined(separator: ", "))")
            }
        }
    }

    public static func run(arguments: [String], context: DemoContext) throws {
        let options = try Options.parseDemoOptions(arguments)
        let write = context.write
        func step(_ actor: String, _ text: String) {
            context.print(label(actor) + text)
        }

        // The services are the app's, so the demo may wrap them: each line they write says who
        // wrote it. The module's own parts are built by assembleModule and left untouched.
        let services = UserModuleServices(
            dataSource: ReportingUserDataSource(wrapped: SampleUserDataSource()) { step("  data source", $0) },
            navigator: TerminalNavigator(root: "Home") { write(label("  navigator") + $0) },
            screen: TerminalScreen(write: write),
            clock: options.clock.makeClock(),
            logger: PrintLogger { write(label("  logger") + $0) }
        )

        let released = walk(services: services, selecting: options.select, step: step)

        step("app", "lets go of the list's view: nothing else holds the module")
        let freed = released.freedParts
        if freed.count == ModuleParts.names.count {
            step("", "freed: " + freed.joined(separator: ", "))
        } else {
            step("", "still alive: " + ModuleParts.names.filter { !freed.contains($0) }.joined(separator: ", ") + "  (a retain cycle!)")
        }
        context.print()
        context.print("Indented lines and boxes come from the services the app handed in; the other")
        context.print("lines say which part called which. Only assembleModule created the four parts,")
        context.print(
            "and the presenter knew its router only as a UserWireframe, so a test can hand it "
                + "a mock instead. Try `run --select ada` or `run --clock fixed:2016-06-18`, then "
                + "`exercise`."
        )
    }

    /// `actor` padded to one column, so that the lines of the walk line up.
    private static func label(_ actor: String) -> String {
        actor.padding(toLength: 14, withPad: " ", startingAt: 0)
    }

    /// Shows the list, opens the chosen user and goes back; returns weak references to the
    /// module's parts, taken while they were alive.
    ///
    /// A function of its own so that every strong reference the demo holds ends with it: what
    /// is still alive afterwards is kept alive by the module itself.
    private static func walk(services: UserModuleServices, selecting wanted: String, step: (String, String) -> Void) -> ModuleParts {
        step("app", "let view = UserRouter.assembleModule(services: services)")
        let view = UserRouter.assembleModule(services: services)
        let parts = ModuleParts(view: view)
        step("", "built the router, interactor, presenter and view, and wired them")

        step("app", "navigator.push(\"\(UserListView.screenName)\")")
        services.navigator.push(UserListView.screenName)

        // The steps inside the module are announced before the call that makes them happen;
        // what the services write during the call follows, in the order it happened.
        step("app", "view.load()  (the list appears)")
        step("view", "presenter.viewDidLoad()")
        step("presenter", "interactor.fetchUsers(), then view.showUsers(rows)")
        view.load()

        // `validate()` made sure the name picks one of the sample users; the row is found on
        // the screen, where the interactor's sorting put it.
        let user = UserSelection.user(named: wanted, in: SampleUserDataSource.users)
        let name = user?.name ?? wanted
        let index = view.rows.firstIndex { $0.hasPrefix(name) } ?? 0
        step("you", "tap row \(index + 1), \"\(name)\"")
        step("view", "presenter.didSelectUser(at: \(index))")
        step("presenter", "router.showDetail(for: \(name))")
        if let user {
            step("router", "navigator.push(\"\(UserDetailView.screenName(for: user))\"), then draws the detail")
        }
        view.tapRow(at: index)

        step("you", "go back, and back again")
        services.navigator.pop()
        services.navigator.pop()
        return parts
    }
}
