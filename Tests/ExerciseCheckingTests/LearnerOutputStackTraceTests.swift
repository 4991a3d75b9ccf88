@testable import ExerciseChecking
import Testing

/// What the Swift runtime writes about a crash to standard error is about memory addresses,
/// not the learner's code: it never reaches the learner's output. (Where the crash was is
/// reported from the backtracer's report; see `CrashLocationTests`.)
@Suite struct LearnerOutputStackTraceTests {
    @Test func theRuntimesCrashLinesAreLeftOutOfTheLearnersOutput() {
        let standardError = """
            posting Hello
            Exercise/SocialPresenter.swift:14: Fatal error: Unexpectedly found nil while unwrapping an Optional value

            swift-runtime: failed to suspend thread 10600 while processing a crash; backtraces will be missing information
            *** Signal 4: Backtracing from 0x7f4969d6df7f... done ***
            Current stack trace:
            0    libswiftCore.so                    0x00007f5b84a6a1c0 swift_reportError + 50
            1 [ra] libswiftCore.so                  0x00007f5b84adbf6e <unavailable> + 1425262
            6    libc.so.6                          0x00007f5b8406c24a <unavailable> + 160330
            still mine: 0x2A is 42
            """
        let output = LearnerOutput.extract(standardOutput: "", standardError: standardError)
        #expect(output == "posting Hello\nstill mine: 0x2A is 42")
        #expect(LearnerOutput.crashMessage(in: standardError) == "Fatal error: Unexpectedly found nil while unwrapping an Optional value")
    }
}
