@testable import DojoShell
import DojoCore
import DojoTestSupport
import Foundation
import PropertyBased
import Testing

/// Whatever is typed, the shell answers and carries on. In process, on the shell harness (fake
/// files and compiler): what is under test is the shell's reading of lines, not the machine.
///
/// "Answered" is defined as: a line with no words (empty, or only spaces) is silent, as Enter
/// on an empty prompt; `quit`/`exit` end the shell; every other line prints at least one
/// visible character. And whatever was typed, nothing the shell prints holds a control
/// character other than newline and tab (the harness has color off, so the shell's own output
/// has none), so a pasted escape sequence can never reach the learner's terminal raw.
@MainActor
@Suite struct ShellInputFaultTests {
    /// Command words, aliases and near misses.
    static let heads = CommandRegistry.standard().names + ["exit", "?", "ls", "hints", "chekc", "HELP", "-", "--help", ""]

    /// Arguments: real ids and numbers, off-by-one and malformed ones, flags, quotes.
    static let arguments = [
        "arithmetic", "testing", "arithmetic.1", "testing.1", "arithmetic.2", "arithmetic.", ".1", "1", "2", "0", "-1",
        "99999999999999999999", "--loud", "--times", "--bad", "--", "\"", "'", "\\", "\"unclosed", "'also", "y", "n", "yes",
        "all", "check", "🙂", "ünïcödé", "\t",
    ]

    /// Random text, control characters included; no line breaks (a terminal never hands over a
    /// line with one inside) and no surrogates (not characters at all).
    static let noise = Gen.unicodeScalar(in: "\u{0}"..."\u{D7FF}")
        .map { $0 == "\n" || $0 == "\r" ? "\u{1B}" : Character($0) }
        .string(of: 0...12)

    static let line = zip(Gen.element(of: heads), Gen.element(of: arguments).array(of: 0...4), noise, Gen.int(in: 0...3))
        .map { head, arguments, noise, shape -> String in
            let words = [head ?? ""] + arguments.map { $0 ?? "" }
            switch shape {
            case 0: return noise
            case 1: return words.joined(separator: " ") + noise
            case 2: return noise + " " + words.joined(separator: " ")
            default: return words.joined(separator: " ")
            }
        }

    /// 100 scripts of 100 lines: 10,000 random lines, each through a fresh shell per script so
    /// that a failure shrinks to a short script.
    @Test func tenThousandRandomLinesAreEachAnswered() async throws {
        await propertyCheck(count: 100, input: Self.line.array(of: 100)) { lines in
            let harness = try ShellHarness()
            let shell = harness.makeShell()
            for line in lines {
                let before = harness.terminal.output.endIndex
                let outcome = await shell.execute(line)
                let printed = harness.terminal.output[before...]
                // As the shell reads it: a control character typed alone (U+0085, which Swift
                // counts as white space) is shown as <U+0085> and answered, not taken for nothing.
                if CommandLineWords.split(TypedLine.withVisibleControlCharacters(line)).isEmpty {
                    #expect(printed.isEmpty, "a line without words printed \(printed.debugDescription)")
                } else if outcome != .quit {
                    #expect(printed.contains { !$0.isWhitespace }, "no answer to \(line.debugDescription)")
                }
                #expect(!Self.hasControlCharacters(printed), "raw control characters printed for \(line.debugDescription): \(printed.debugDescription)")
            }
            let answer = await shell.execute("progress")
            #expect(answer == .keepGoing)
            #expect(harness.terminal.output.contains("exercises passed"))
        }
    }

    /// Every command with nothing after it, too much after it, and something wrong after it.
    @Test(arguments: await CommandRegistry.standard().names)
    func everyCommandAnswersMissingExtraAndWrongArguments(command: String) async throws {
        let harness = try ShellHarness()
        let shell = harness.makeShell()
        let lines = [
            command,
            "\(command) arithmetic.1 testing.1 extra words here",
            "\(command) no-such-thing",
            "\(command) --bad",
            "\(command) -1",
            "\(command) \"unclosed quote",
            "\(command) \u{1B}[2J\u{7}",
        ]
        for line in lines {
            let before = harness.terminal.output.endIndex
            let outcome = await shell.execute(line)
            let printed = harness.terminal.output[before...]
            if outcome != .quit {
                #expect(printed.contains { !$0.isWhitespace }, "no answer to \(line.debugDescription)")
            }
            #expect(!Self.hasControlCharacters(printed), "raw control characters printed for \(line.debugDescription)")
        }
        let before = harness.terminal.output.endIndex
        _ = await shell.execute("lessons")
        #expect(harness.terminal.output[before...].contains("arithmetic.1"), "the shell stopped answering after '\(command)'")
    }

    @Test func anUnknownCommandIsEchoedWithItsControlCharactersMadeVisible() async throws {
        let harness = try ShellHarness(lines: ["\u{1B}[2Jrm\u{7F}\u{85}"])
        let output = await harness.run()
        #expect(output.contains("Unknown command '^[[2Jrm^?<U+0085>'."))
    }

    @Test func aMegabyteLineIsAnsweredWithoutBeingRead() async throws {
        let harness = try ShellHarness(lines: [String(repeating: "x", count: 1 << 20), "progress"])
        let output = await harness.run()
        #expect(output.contains("That line is 1048576 bytes long, far longer than any command, so it was not read."))
        #expect(output.contains("exercises passed"))
        #expect(output.utf8.count < 10_000, "the long line was echoed back")
    }

    static func hasControlCharacters(_ text: Substring) -> Bool {
        text.unicodeScalars.contains { scalar in
            scalar != "\n" && scalar != "\t" && scalar.properties.generalCategory == .control
        }
    }
}
