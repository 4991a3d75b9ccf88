import Domain
import Foundation
import LessonSupport

/// `run --handmade`: Part 1's store at work, with the code of each step printed above it.
enum HandmadeDemo {
    static func run(text: String, context: DemoContext) {
        let stamper = Stamper()
        context.print("let stamper = Stamper()   // @Injected(\\.clock) private var clock; no initializer argument")
        context.print()
        context.print("stamper.stamp(\"\(text)\")")
        context.print("  → \(stamper.stamp(text))   (live: HandmadeClockKey.liveValue, the real time)")
        context.print()
        context.print("withHandmadeDependencies { $0.context = .test } operation: { stamper.stamp(…) }")
        let inTest = withHandmadeDependencies { $0.context = .test } operation: { stamper.stamp(text) }
        context.print("  → \(inTest)   (test: HandmadeClockKey.testValue)")
        context.print()
        // A leap day, so the override is visibly neither the real time nor the test default.
        let leapDay = FixedClock(date: Date(timeIntervalSince1970: 1_582_934_400))
        context.print("withHandmadeDependencies { $0.clock = FixedClock(day: \"2020-02-29\") } operation: {")
        withHandmadeDependencies { $0.clock = leapDay } operation: {
            context.print("    stamper.stamp(…)  → \(stamper.stamp(text))   (an override beats both defaults)")
            context.print("    withHandmadeDependencies { $0.context = .test } operation: { stamper.stamp(…) }")
            let nested = withHandmadeDependencies { $0.context = .test } operation: { stamper.stamp(text) }
            context.print("      → \(nested)   (the inner scope starts from the outer one: the override stays)")
        }
        context.print("}")
        context.print("stamper.stamp(\"\(text)\")")
        context.print("  → \(stamper.stamp(text))   (the scope has ended: live again)")
        context.print()
        context.print(
            "The same Stamper, never rebuilt, told three different times: @Injected looks the clock up "
                + "in HandmadeDependencyValues.current, a @TaskLocal, at every read. That is the whole trick."
        )
    }
}
