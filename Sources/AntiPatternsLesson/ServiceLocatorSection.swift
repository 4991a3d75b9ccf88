import Domain
import LessonSupport

/// `run --pattern service-locator`: two tests whose result depends on their order, then an app
/// whose set-up forgot a registration.
enum ServiceLocatorSection {
    static func run(forgetting forgotten: ForgottenRegistration, context: DemoContext) {
        context.print("SharePresenter() takes nothing; share(_:) asks ServiceLocator.shared for its output,")
        context.print(
            "clock and logger. Two tests of it, each alone, then both in each order. Between runs "
                + "the locator is emptied, as a fresh test process would start; within a run it is not:"
        )
        context.print()
        let first = LocatorSuite.sharingPostsThroughTheRegisteredOutput
        let second = LocatorSuite.sharingWithoutAnOutputFails
        context.print("  \(first.letter)  \(first.name)")
        context.print("  \(second.letter)  \(second.name)")
        context.print()
        for line in DemoTestRun(freshProcess: { ServiceLocator.shared.removeAll() }).orderTable(first, second) {
            context.print("  " + line)
        }
        context.print()
        context.print(
            "B passes alone and fails after A: A's spy was still registered. Nothing in B says "
                + "that it depends on what ran before it."
        )
        context.print()
        runTheApp(forgetting: forgotten, context: context)
    }

    /// The app's set-up with one registration left out, and its first share.
    private static func runTheApp(forgetting forgotten: ForgottenRegistration, context: DemoContext) {
        let leftOut = forgotten.registration
        let registered = AppSetUp.Registration.allCases.filter { $0 != leftOut }.map(\.rawValue)
        context.print("The app's own set-up registers " + registered.joined(separator: ", ")
            + (leftOut.map { "; it leaves out the \($0.rawValue)" } ?? "") + ". It compiles. The first share:")
        context.print()
        context.print("    AppSetUp.register(in: .shared, output: …, clock: …, logger: …"
            + (leftOut.map { ", leavingOut: .\($0.rawValue)" } ?? "") + ")")
        context.print("    try SharePresenter().share(\"Hello\")")
        context.print()
        ServiceLocator.shared.removeAll()
        defer { ServiceLocator.shared.removeAll() }
        AppSetUp.register(
            in: .shared, output: RecordingOutput(), clock: SystemClock(), logger: PrintLogger(write: context.write),
            leavingOut: leftOut
        )
        do {
            try SharePresenter().share("Hello")
            context.print("  ✓ shared. Try `run --pattern service-locator --forget logger` to lose one.")
        } catch {
            context.print("  ✗ share threw: \(error)")
            context.print()
            let parameter = leftOut?.rawValue ?? ""
            context.print(
                "An app that writes `resolve(…)!` crashes right here, at the person's first tap. With "
                    + "constructor injection the same slip does not compile: the composition root's"
            )
            context.print("`SharePresenter(output:clock:logger:)` call without it is an error,")
            context.print("\"missing argument for parameter '\(parameter)' in call\".")
        }
    }
}
