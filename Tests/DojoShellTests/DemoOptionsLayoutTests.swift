@testable import DojoShell
import Testing

/// `help run` lists a demo's options as a table within the terminal's width: what fits is
/// left as the demo wrote it, an option that does not is wrapped again under its description.
@Suite struct DemoOptionsLayoutTests {
    static let usage = """
        --client twitter|none   the client assigned to presenter.output;
                                none assigns nothing (default: twitter)
        --chain <links>         decorators around the network, outermost first: log, retry, time,
                                broadcast (default: retry,log); e.g. log,retry or retry,broadcast
        There is no --clock: the presenter picks it itself.
        """

    @Test func anOptionThatFitsIsLeftAsWritten() {
        let lines = DemoOptionsLayout.fitted(Self.usage, indent: "    ", width: 80)
        #expect(Array(lines.prefix(2)) == [
            "    --client twitter|none   the client assigned to presenter.output;",
            "                            none assigns nothing (default: twitter)",
        ])
        #expect(lines.last == "    There is no --clock: the presenter picks it itself.")
    }

    @Test func anOptionTooWideIsWrappedAgainUnderItsDescription() {
        let lines = DemoOptionsLayout.fitted(Self.usage, indent: "    ", width: 80)
        let chain = Array(lines[2..<(lines.count - 1)])
        #expect(lines.allSatisfy { $0.count <= 80 }, "\(lines)")
        #expect(chain.first?.hasPrefix("    --chain <links>         decorators around the network") == true, "\(chain)")
        #expect(chain.dropFirst().allSatisfy { $0.hasPrefix(String(repeating: " ", count: 28)) && $0.dropFirst(28).first != " " }, "\(chain)")
        // One paragraph: the words in order, none lost at the old line break.
        #expect(chain.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ").hasSuffix("time, broadcast (default: retry,log); e.g. log,retry or retry,broadcast"))
    }

    @Test func onANarrowScreenTheDescriptionGoesUnderTheOption() {
        let lines = DemoOptionsLayout.fitted(Self.usage, indent: "    ", width: 40)
        #expect(lines.allSatisfy { $0.count <= 40 }, "\(lines)")
        // A column of 28 would leave 12 for the description: it goes on 4 in from the option.
        let client = lines.prefix { !$0.contains("--chain") }
        #expect(client.count > 2 && client.dropFirst().allSatisfy { $0.hasPrefix("        ") && $0.dropFirst(8).first != " " }, "\(lines)")
    }
}
