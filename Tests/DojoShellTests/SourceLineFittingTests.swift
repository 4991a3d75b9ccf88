@testable import DojoShell
import DojoTestSupport
import Testing

/// A quoted source line cut to the terminal's width, its caret still under the character the
/// compiler meant.
@MainActor
@Suite struct SourceLineFittingTests {
    @Test func aLineThatFitsIsLeftAlone() {
        let fitted = CheckReportView.fitted("    let x = 1", caret: 8, room: 40)
        #expect(fitted.text == "    let x = 1")
        #expect(fitted.caret == 8)
    }

    @Test func indentationGoesFirst() {
        let line = String(repeating: " ", count: 12) + "presenter.share(text)"
        let fitted = CheckReportView.fitted(line, caret: 21, room: 25)
        #expect(fitted.text == "presenter.share(text)")
        #expect(fitted.caret == 9)
        #expect(Array(fitted.text)[9] == ".")
    }

    @Test func aLongLineIsCutAroundTheCaretWithMarksWhereItWasCut() {
        let line = "        XCTAssertEqual(timeline.posts.map(\\.text), [\"first\", \"second\"], \"the presenter should post through the client it was given, in order\")"
        let target = try! #require(line.range(of: "client it was")).lowerBound
        let caret = line.distance(from: line.startIndex, to: target)
        let fitted = CheckReportView.fitted(line, caret: caret, room: 60)
        #expect(fitted.text.count == 60)
        #expect(fitted.text.hasPrefix("…"))
        #expect(fitted.text.hasSuffix("…"))
        let shownCaret = try! #require(fitted.caret)
        #expect(Array(fitted.text)[shownCaret] == "c", "\(fitted)")
        #expect(fitted.text.contains("client it was"))
    }

    @Test func aCaretNearTheEndKeepsTheEndWhole() {
        let line = String(repeating: "a", count: 100) + "END"
        let fitted = CheckReportView.fitted(line, caret: 100, room: 30)
        #expect(fitted.text.count == 30)
        #expect(fitted.text.hasPrefix("…"))
        #expect(fitted.text.hasSuffix("END"))
        #expect(Array(fitted.text)[try! #require(fitted.caret)] == "E")
    }

    @Test func withoutACaretTheStartIsKept() {
        let line = String(repeating: "b", count: 100)
        let fitted = CheckReportView.fitted(line, caret: nil, room: 30)
        #expect(fitted.text == String(repeating: "b", count: 29) + "…")
        #expect(fitted.caret == nil)
    }
}

/// A question longer than the terminal is wide breaks between words: the line editor would
/// break its prompt anywhere.
@MainActor
@Suite struct WrappedPromptTests {
    @Test func aLongQuestionIsWrittenWrappedAndItsLastLineIsThePrompt() {
        let terminal = FakeTerminal(isInteractive: true)
        terminal.style = .init(useColor: false, width: 40)
        let prompt = terminal.wrappedPrompt("You have not passed no-di.1 yet; working it out teaches far more. Show it anyway? [y/N] ")
        #expect(terminal.output == "You have not passed no-di.1 yet; working\nit out teaches far more. Show it anyway?\n")
        #expect(prompt == "[y/N] ")
    }

    @Test func aShortPromptIsLeftAsItIs() {
        let terminal = FakeTerminal(isInteractive: true)
        #expect(terminal.wrappedPrompt("Your name: ") == "Your name: ")
        #expect(terminal.output.isEmpty)
    }
}
