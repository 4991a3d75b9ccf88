import ArgumentParser
import Domain
import LessonSupport

/// `run` for lesson 8: each of the four anti-patterns failing in front of the learner.
public enum AntiPatternsDemo: LessonDemo {
    public static let lessonID = "anti-patterns"

    public static let flags = ["--pattern", "--forget"]

    public static let usage = """
        --pattern <name>  one anti-pattern: control-freak, service-locator, ambient-context or
                          constrained-construction (default: all four)
        --forget <what>   the registration the app's set-up leaves out: output, clock, logger
                          (default) or nothing
        """

    /// What the learner may type after `run`.
    /// A command (not just arguments) so that error messages say `run`, the word typed.
    struct Options: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "run")

        @Option(help: "One anti-pattern: control-freak, service-locator, ambient-context or constrained-construction.")
        var pattern: DemoPattern?

        @Option(help: "The registration the app's set-up leaves out: output, clock, logger or nothing.")
        var forget: ForgottenRegistration = .logger
    }

    public static func run(arguments: [String], context: DemoContext) throws {
        let options = try Options.parseDemoOptions(arguments)
        let patterns = options.pattern.map { [$0] } ?? DemoPattern.allCases
        for (index, pattern) in patterns.enumerated() {
            if index > 0 { context.print() }
            context.print("── \(pattern.title) " + String(repeating: "─", count: max(3, 74 - pattern.title.count)))
            switch pattern {
            case .controlFreak: ControlFreakSection.run(context: context)
            case .serviceLocator: ServiceLocatorSection.run(forgetting: options.forget, context: context)
            case .ambientContext: AmbientContextSection.run(context: context)
            case .constrainedConstruction: ConstrainedConstructionSection.run(context: context)
            }
        }
        if options.pattern == nil {
            context.print()
            context.print(
                "`run --pattern <name>` shows one of them; `run --forget nothing` gives the app every "
                    + "registration it needs."
            )
        }
    }
}

extension DemoPattern: ExpressibleByArgument {}
extension ForgottenRegistration: ExpressibleByArgument {}
