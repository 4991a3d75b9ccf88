import ArgumentParser
import Domain
import Foundation
import LessonSupport

/// `run` for lesson 6: a coordinator built by a container walks from the home screen to the
/// detail screen, and `run --bench` times three ways of building it.
public enum ContainerDemo: LessonDemo {
    public static let lessonID = "container"

    public static let flags = ["--wiring", "--clock", "--bench"]

    public static let usage = """
        --wiring <who>   who builds the coordinator: di-container (default), simple or swinject
        --clock <clock>  the clock the screens read: \(ClockChoice.syntax) (default: system)
        --bench          time one object graph built by hand, by SimpleContainer and by Swinject
        """

    /// What the learner may type after `run`.
    /// A command (not just arguments) so that error messages say `run`, the word typed.
    struct Options: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "run")

        @Option(help: "Who builds the coordinator: di-container, simple or swinject.")
        var wiring: Wiring = .diContainer

        @Option(help: "The clock the screens read: \(ClockChoice.syntax).", transform: ClockChoice.init(parsing:))
        var clock: ClockChoice = .system

        @Flag(help: "Time one object graph built by hand, by SimpleContainer and by Swinject.")
        var bench = false
    }

    public static func run(arguments: [String], context: DemoContext) throws {
        let options = try Options.parseDemoOptions(arguments)
        if options.bench {
            try runBenchmark(context: context, budget: .milliseconds(400))
            return
        }
        let logger = PrintLogger(write: context.write)
        let clock = options.clock.makeClock()
        let coordinator: MainCoordinator
        switch options.wiring {
        case .diContainer:
            context.print("let container = DIContainer(logger: PrintLogger(), clock: \(clockCode(options.clock)))")
            context.print("let coordinator = container.makeMainCoordinator(")
            context.print("    navigator: TerminalNavigator(root: \"Launch\"), screen: TerminalScreen())")
            coordinator = PureComposition.makeCoordinator(logger: logger, clock: clock, write: context.write)
        case .simple:
            context.print("let container = SimpleComposition.makeContainer(…)   // registrations only, nothing built yet")
            context.print("let coordinator = try container.resolve(MainCoordinator.self)")
            let container = SimpleComposition.makeContainer(logger: logger, clock: clock, write: context.write)
            coordinator = try container.resolve(MainCoordinator.self)
        case .swinject:
            context.print("let container = SwinjectComposition.makeContainer(…)   // a Swinject Container")
            context.print("let coordinator = container.resolve(MainCoordinator.self)!")
            let container = SwinjectComposition.makeContainer(logger: logger, clock: clock, write: context.write)
            guard let resolved = container.resolve(MainCoordinator.self) else {
                context.print("Swinject returned nil: MainCoordinator is not registered.")
                return
            }
            coordinator = resolved
        }

        context.print()
        context.print("coordinator.start()")
        coordinator.start()
        context.print()
        context.print("coordinator.visible?.tap(\"Detail\")   // the person taps Detail on the home screen")
        coordinator.visible?.tap("Detail")
        context.print()
        context.print(
            "Each [info] line is a creation, logged by the DIContainer's factory methods. The "
                + "coordinator was built once; each screen was built only when it was needed, through "
                + "MainCoordinatorDependencies, and the home view model moved on through a closure."
        )
        let others = Wiring.allCases.filter { $0 != options.wiring }.map { "`run --wiring \($0.rawValue)`" }
        context.print("Try \(others.joined(separator: " or ")) for the same walk, wired differently,")
        context.print("and `run --bench` to see what each way costs.")
    }

    /// Measures the three ways and prints the table.
    static func runBenchmark(context: DemoContext, budget: Duration) throws {
        context.print(
            "Building one object graph (MainCoordinator, DIContainer, TerminalNavigator, TerminalScreen; "
                + "the logger and the clock are singletons, made once), timed live on this machine:"
        )
        context.print()
        let rows = try ContainerBenchmark(budget: budget).run()
        for line in ContainerBenchmark.table(rows) {
            context.print("  " + line)
        }
        context.print()
        #if DEBUG
        context.print("(This didojo is a debug build: all three are slower than in a release build of an app,\nso compare the ratios rather than the times.)")
        #endif
        context.print(
            "A container looks types up in dictionaries, boxes instances as `Any` and casts them "
                + "back, at every resolve. Resolve once, at the composition root, and the cost is paid "
                + "once per graph; resolve inside a loop or per cell and you pay it again and again."
        )
    }

    private static func clockCode(_ choice: ClockChoice) -> String {
        switch choice {
        case .system: "SystemClock()"
        case .fixed(let date): "FixedClock(day: \"\(String(date.utcStamp.prefix(10)))\")"
        }
    }
}

extension Wiring: ExpressibleByArgument {}
