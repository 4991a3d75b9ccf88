import Domain
import LessonSupport

/// `run --pattern control-freak`: a test of `ShareFlow` that cannot stop the clock.
enum ControlFreakSection {
    static func run(context: DemoContext) {
        context.print(
            "ShareFlow(output:logger:) receives its output and its logger. Its clock it gets inside "
                + "publish(_:), from ClockFactory.makeClock(): the flow still chooses. So this test has "
                + "no way to stop the clock:"
        )
        context.print()
        context.print("    let spy = RecordingOutput()")
        context.print("    try ShareFlow(output: spy, logger: RecordingLogger()).publish(\"Hello\")")
        context.print("    // expected: spy.texts == [\"Hello (2016-06-18 00:00 UTC)\"]")
        context.print()
        let outcome = DemoTestRun(freshProcess: {}).run([publishStampsWithTheTestsDay])[0]
        context.print("  " + describe(outcome))
        context.print()
        context.print(
            "A factory the consumer calls itself is still the consumer choosing. The fix is the "
                + "usual one: `init(output:logger:clock:)`, and the composition root passes the clock."
        )
    }

    /// The test a team would like to write, and cannot make pass.
    static let publishStampsWithTheTestsDay = DemoTest("A", "publish stamps the post with the day the test chose") {
        let spy = RecordingOutput()
        try ShareFlow(output: spy, logger: RecordingLogger()).publish("Hello")
        try DemoTest.expectEqual(spy.texts, ["Hello (2016-06-18 00:00 UTC)"], "the spy's texts")
    }

    static func describe(_ outcome: DemoTestRun.Outcome) -> String {
        switch outcome {
        case .passed: "✓ passed"
        case .failed(let why): "✗ \(why)"
        }
    }
}
