import Testing
import TerminalMarkdown

@Suite struct TextStyleTests {
    @Test func aTerminalWithoutSettingsGetsColorAndItsOwnWidth() {
        let style = TextStyle.fromEnvironment(["TERM": "xterm-256color"], isTerminal: true, columns: 72)
        #expect(style == TextStyle(useColor: true, width: 72))
    }

    @Test func noColorTurnsColorOffWhateverItsValue() {
        for value in ["1", "0", "false", "yes"] {
            let style = TextStyle.fromEnvironment(["NO_COLOR": value, "TERM": "xterm"], isTerminal: true, columns: 80)
            #expect(style.useColor == false, "NO_COLOR=\(value)")
        }
    }

    @Test func anEmptyNoColorIsIgnoredAsNoColorOrgSays() {
        let style = TextStyle.fromEnvironment(["NO_COLOR": "", "TERM": "xterm"], isTerminal: true, columns: 80)
        #expect(style.useColor)
    }

    @Test func aDumbTerminalGetsNoColor() {
        let style = TextStyle.fromEnvironment(["TERM": "dumb"], isTerminal: true, columns: 80)
        #expect(style.useColor == false)
    }

    @Test func outputThatIsNotATerminalGetsNoColor() {
        let style = TextStyle.fromEnvironment(["TERM": "xterm"], isTerminal: false, columns: nil)
        #expect(style.useColor == false)
    }

    @Test func theWidthComesFromColumnsThenTheEnvironmentThenDefaultsToEighty() {
        #expect(TextStyle.fromEnvironment(["COLUMNS": "60"], isTerminal: true, columns: 50).width == 50)
        #expect(TextStyle.fromEnvironment(["COLUMNS": "60"], isTerminal: true, columns: nil).width == 60)
        #expect(TextStyle.fromEnvironment(["COLUMNS": "wide"], isTerminal: true, columns: nil).width == 80)
        #expect(TextStyle.fromEnvironment([:], isTerminal: false, columns: nil).width == 80)
        #expect(TextStyle.fromEnvironment(["COLUMNS": "60"], isTerminal: true, columns: 0).width == 60)
    }

    @Test func theWidthIsKeptBetweenTwentyAndOneHundredColumns() {
        #expect(TextStyle.fromEnvironment([:], isTerminal: true, columns: 5).width == 20)
        #expect(TextStyle.fromEnvironment([:], isTerminal: true, columns: 250).width == 100)
        #expect(TextStyle.fromEnvironment(["COLUMNS": "-3"], isTerminal: true, columns: nil).width == 80)
    }

    @Test func noColorEnvironmentsProduceRenderedOutputWithoutAnyEscape() {
        let environments: [([String: String], Bool)] = [
            (["NO_COLOR": "1", "TERM": "xterm"], true),
            (["TERM": "dumb"], true),
            (["TERM": "xterm"], false),
        ]
        let page = "# Title\n\nSome *emphasis*, **strong**, `code` and [a link](https://x.org).\n\n> quote\n\n- item\n\n```swift\nlet x = 1 // one\n```\n\n---\n"
        for (environment, isTerminal) in environments {
            let style = TextStyle.fromEnvironment(environment, isTerminal: isTerminal, columns: 80)
            let output = MarkdownRenderer(style: style).render(page)
            #expect(!output.contains("\u{1B}"), "\(environment) terminal: \(isTerminal)")
            #expect(output.contains("`code`"))
        }
    }
}
