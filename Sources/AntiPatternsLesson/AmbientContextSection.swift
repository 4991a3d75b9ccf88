import Dependencies
import Domain
import DependencyValuesLesson
import IssueReporting
import LessonSupport

/// `run --pattern ambient-context`: a fake time that leaks from one test into the next, then
/// the same two tests with swift-dependencies.
enum AmbientContextSection {
    static func run(context: DemoContext) {
        context.print("PostStamper() reads TimeProvider.current, which any code may set. Two tests of it:")
        context.print()
        let first = AmbientClockSuite.stampsWithTheFakeDay
        let second = AmbientClockSuite.stampsWithToday
        context.print("  \(first.letter)  \(first.name)   (TimeProvider.current = a clock stopped at 2016-06-18)")
        context.print("  \(second.letter)  \(second.name)")
        context.print()
        let fresh = DemoTestRun(freshProcess: { TimeProvider.current = SystemClock() })
        for line in fresh.orderTable(first, second) {
            context.print("  " + line)
        }
        context.print()
        context.print("The same two with swift-dependencies: DependencyStamper reads @Dependency(\\.date.now),")
        context.print("and A′ stops the date with withDependencies { $0.date.now = … }, which ends with its closure:")
        context.print()
        let scoped = DemoTestRun(freshProcess: {})
        asInTheApp {
            for line in scoped.orderTable(ScopedDateSuite.stampsWithTheFakeDay, ScopedDateSuite.stampsWithToday) {
                context.print("  " + line)
            }
        }
        context.print()
        context.print("And B′ as a test runner runs it (context .test), where nobody stopped the date:")
        for message in issuesUnderATestRunner() {
            context.print("  reported: " + (message.split(separator: "\n").first.map(String.init) ?? message))
        }
        context.print()
        context.print("Fixed: the fake date ends with its scope, and a read nobody planned is reported.")
        context.print(
            "Not fixed: DependencyStamper() still lists nothing it needs, and only running a test "
                + "tells you that it reads the date."
        )
    }

    /// Runs `body` in fresh live dependency values, as the app runs (and as this demo does, even
    /// under a test runner, whose default context is `.test`).
    private static func asInTheApp(_ body: () -> Void) {
        withDependencies {
            $0 = DependencyValues()
            $0.context = .live
        } operation: {
            body()
        }
    }

    /// What swift-dependencies reports when `DependencyStamper` reads the date in the test
    /// context with nothing overridden.
    static func issuesUnderATestRunner() -> [String] {
        let recorder = IssueCollector()
        withIssueReporters([recorder]) {
            withDependencies {
                $0 = DependencyValues()
                $0.context = .test
            } operation: {
                _ = DependencyStamper().stamp("Hello")
            }
        }
        return recorder.messages
    }
}
