import DojoTestSupport
import Testing

/// What a failed check shows of what the learner's code printed: the last lines, so that the
/// verdict stays on the screen, and the whole with `output` or `check --full-output`.
@MainActor
@Suite struct CheckOutputTests {
    /// Sixteen numbered lines, as no-di.1's starter prints five compose sheets.
    static let sixteenLines = (1...16).map { "printed line \($0)" }.joined(separator: "\n") + "\n"

    func failingHarness(_ lines: [String]) throws -> ShellHarness {
        let harness = try ShellHarness(lines: lines)
        harness.checker.behaviour = .failCheck("testDoublesTwo", message: "double(2) should be 4")
        harness.checker.printed = Self.sixteenLines
        return harness
    }

    @Test func aFailedCheckShowsTheVerdictTheFailureTheLastSixLinesAndTheNextStepInThatOrder() async throws {
        let harness = try failingHarness(["check arithmetic.1"])
        let output = await harness.run()

        #expect(!output.contains("printed line 10\n"), "\(output)")
        #expect(output.contains("  │ printed line 11\n"))
        #expect(output.contains("  │ printed line 16\n"))
        let places = [
            "✗ arithmetic.1: 1 of 2 checks failed.", "✗ doubles two", "double(2) should be 4", "Your code printed (the last 6 lines):",
            "printed line 11", "printed line 16", "…and 10 lines more: 'output' shows them all.", "Fix your file ('edit'), then 'check' again.",
        ].map { try! #require(output.range(of: $0), "\($0) is missing:\n\(output)").lowerBound }
        #expect(places == places.sorted(), "out of order:\n\(output)")
    }

    @Test func sixLinesOrFewerAreShownWholeWithoutAMoreLine() async throws {
        let harness = try failingHarness(["check arithmetic.1"])
        harness.checker.printed = "one\ntwo\nthree\nfour\nfive\nsix\n"
        let output = await harness.run()
        #expect(output.contains("Your code printed:\n  │ one\n  │ two\n  │ three\n  │ four\n  │ five\n  │ six\n"), "\(output)")
        #expect(!output.contains("more:"))
    }

    @Test func outputShowsAllThatTheLastCheckPrinted() async throws {
        let harness = try failingHarness(["check arithmetic.1", "output"])
        let output = await harness.run()
        let afterCheck = try #require(output.components(separatedBy: "Your code printed, during the last check of arithmetic.1 (16 lines):\n").last)
        #expect(afterCheck.hasPrefix((1...16).map { "  │ printed line \($0)\n" }.joined()), "\(output)")
    }

    @Test func checkWithFullOutputShowsEveryLineWhereverTheFlagIs() async throws {
        for line in ["check --full-output arithmetic.1", "check arithmetic.1 --full-output"] {
            let harness = try failingHarness([line])
            let output = await harness.run()
            #expect(output.contains("Your code printed:\n" + (1...16).map { "  │ printed line \($0)\n" }.joined()), "\(line):\n\(output)")
            #expect(!output.contains("lines more"))
            #expect(harness.checker.checkedSources.count == 1)
        }
    }

    @Test func checkWithFullOutputAloneChecksTheCurrentExercise() async throws {
        let harness = try failingHarness(["open arithmetic", "check --full-output"])
        let output = await harness.run()
        #expect(output.contains("✗ arithmetic.1: 1 of 2 checks failed."), "\(output)")
        #expect(output.contains("  │ printed line 1\n"))
    }

    @Test func outputBeforeAnyCheckSaysHowToGetOne() async throws {
        let harness = try ShellHarness(lines: ["output"])
        let output = await harness.run()
        #expect(output.contains("No check has run yet in this session: 'check' runs one"), "\(output)")
    }

    @Test func outputAfterACheckThatPrintedNothingSaysSo() async throws {
        let harness = try ShellHarness(lines: ["check arithmetic.1", "output"])
        let output = await harness.run()
        #expect(output.contains("Your code printed nothing during the last check of arithmetic.1."), "\(output)")
    }

    @Test func checkCompletesTheFullOutputFlag() throws {
        let shell = try ShellHarness().makeShell()
        #expect(shell.completionCandidates(wordsBeforeCursor: ["check"], partialWord: "").contains("--full-output"))
        #expect(shell.completionCandidates(wordsBeforeCursor: ["check", "arithmetic.1"], partialWord: "") == ["--full-output"])
        #expect(shell.completionCandidates(wordsBeforeCursor: [], partialWord: "").contains("output"))
    }
}
