import DojoGrading
@testable import ExerciseChecking
import Testing

/// How the explainer chooses, on made-up diagnostics: what a rule may not do. The rules' words
/// are proven on the real compiler's output by the explanation corpus.
@Suite struct CompilerMessageExplainerTests {
    let learner = "/ws/constructor/2/SocialPresenter.swift"
    let checks = "/lessons/02-constructor/exercises/2/Checks.swift"

    func explained(_ diagnostics: [CompilerDiagnostic], files: [String: String] = [:]) -> [String?] {
        CompilerMessageExplainer.explained(diagnostics, learnerFile: learner, checksFile: checks, readText: { files[$0] })
            .map(\.explanation)
    }

    func error(_ message: String, in file: String? = nil, line: Int = 3, column: Int = 5, notes: [CompilerDiagnostic] = []) -> CompilerDiagnostic {
        CompilerDiagnostic(file: file ?? learner, line: line, column: column, severity: .error, message: message, notes: notes)
    }

    @Test func anUnknownDiagnosticGetsNoPlainWordsLine() {
        #expect(explained([error("something nobody has seen before")]) == [nil])
        #expect(explained([error("expected member name following '.'")]) == [nil], "the old rule that explained anything with 'expected' in it is gone")
    }

    @Test func aKnownShapeInAPlaceItWasNotWrittenForGetsNoLine() {
        // The checks' "extra argument" rule speaks of the checks injecting a dependency: in a
        // lesson module's file it would be wrong, so it says nothing.
        let inLessonModule = error("extra argument 'clock' in call", in: "/src/Sources/Domain/Clock.swift")
        #expect(explained([inLessonModule], files: ["/src/Sources/Domain/Clock.swift": "\n\n    SocialPresenter(output: o, clock: c)\n"]) == [nil])
        // A missing type the learner's file imports the module of is not a missing import.
        let imported = error("cannot find type 'Date' in scope")
        #expect(explained([imported], files: [learner: "import Foundation\n\nlet d: Date\n"]) == [nil])
    }

    @Test func theMissingImportIsExplainedOnceForEveryNameItHides() {
        let file = "final class A {\n    let client: any SocialPostOutput\n    let clock = SystemClock()\n}\n"
        let result = explained(
            [error("cannot find type 'SocialPostOutput' in scope", line: 2), error("cannot find 'SystemClock' in scope", line: 3)],
            files: [learner: file]
        )
        #expect(result == [
            "`SocialPostOutput` and `SystemClock` are part of Domain, which your file does not import: add `import Domain` at the top of your file.",
            nil,
        ])
    }

    @Test func errorsThatMayFollowFromARootCauseAreLeftToTheCompiler() {
        // Without Foundation, `share(_:at:)` does not exist, so a call to it has an "extra
        // argument": explaining that as a missing parameter would send the learner astray.
        let call = "    func share(_ t: String) { SocialPresenter(output: o, at: d) }"
        let file = "import Domain\nfinal class SocialPresenter {\n\(call)\n}\n"
        let column = call.distance(from: call.startIndex, to: call.range(of: "at:")!.lowerBound) + 1
        let extra = error("extra argument 'at' in call", line: 3, column: column)
        let result = explained([error("cannot find type 'Date' in scope", line: 1), extra], files: [learner: file])
        #expect(result[0]?.hasPrefix("`Date` is part of Foundation") == true)
        #expect(result[1] == nil)
        // Without the root cause, the same error is explained.
        #expect(explained([extra], files: [learner: file])[0]?.hasPrefix("Your `SocialPresenter`'s initializer has no parameter `at`") == true)
    }

    @Test func anExplanationGivenBeforeIsKept() {
        // A rule would explain this one (the file lacks `import Foundation`), but not better.
        var given = error("cannot find type 'Date' in scope")
        given.explanation = "The exercise's own words."
        #expect(explained([given], files: [learner: "import Domain\n\nlet d: Date\n"]) == ["The exercise's own words."])
    }

    @Test func theDiagnosticGroupTagIsNotPartOfTheShape() {
        #expect(ExplanationRule.withoutGroupTag("call to x in a synchronous nonisolated context [#ActorIsolatedCall]") == "call to x in a synchronous nonisolated context")
        #expect(ExplanationRule.withoutGroupTag("cannot find 'a[0]' in scope") == "cannot find 'a[0]' in scope")
    }

    @Test func aNearNameIsSuggestedOnlyWhenItIsTheOneNearest() {
        let candidates = [(name: "SocialPostOutput", from: "from Domain"), (name: "FacebookClient", from: "from Domain")]
        #expect(ExplanationRule.closestName(to: "SocialPostOuput", among: candidates)?.0 == "SocialPostOutput")
        #expect(ExplanationRule.closestName(to: "FaceBookClient", among: candidates)?.0 == "FacebookClient")
        #expect(ExplanationRule.closestName(to: "Something", among: candidates) == nil)
        // A value is not a misspelt type.
        #expect(ExplanationRule.closestName(to: "facebookClient", among: candidates) == nil)
        let twins = [(name: "ClockA", from: ""), (name: "ClockB", from: "")]
        #expect(ExplanationRule.closestName(to: "ClockC", among: twins) == nil, "two equally near names: no guess")
    }

    @Test func theCallAroundAColumnIsFound() {
        let line = "        let presenter = SocialPresenter(output: output, clock: try FixedClock(day: \"2016-06-18\"))"
        let clock = line.distance(from: line.startIndex, to: line.range(of: "clock:")!.lowerBound) + 1
        let day = line.distance(from: line.startIndex, to: line.range(of: "day:")!.lowerBound) + 1
        #expect(ExplanationRule.Match.enclosingCall(in: line, column: clock) == "SocialPresenter")
        #expect(ExplanationRule.Match.enclosingCall(in: line, column: day) == "FixedClock")
        #expect(ExplanationRule.Match.enclosingCall(in: "client.post(\"a\", image: i)", column: 18) == "post")
    }
}
