import DojoCatalog
import DojoCore
@testable import DojoShell
import DojoTestSupport
import Testing

@Suite struct SmallPartsTests {
    @Test(arguments: [("chek", "check"), ("chekc", "check"), ("lesons", "lessons"), ("sol", "solution"), ("xyzzy", nil)] as [(String, String?)])
    func theClosestCommandIsFoundForATypo(typed: String, expected: String?) {
        #expect(ClosestMatch.find(typed, among: CommandRegistryNames.all) == expected)
    }

    @Test func wordsAreSplitWithQuotesAndEscapes() {
        #expect(CommandLineWords.split(#"run --text "hello world" --image 'a b.png' x\ y"#) == ["run", "--text", "hello world", "--image", "a b.png", "x y"])
        #expect(CommandLineWords.split("   ") == [])
        #expect(CommandLineWords.split(#"check """#) == ["check", ""])
    }

    @Test func theDiffShowsChangesWithContextAndSkipsTheRest() {
        let old = (1...10).map { "line \($0)" }.joined(separator: "\n")
        let new = old.replacingOccurrences(of: "line 5", with: "LINE FIVE")
        let diff = LineDiff.render(LineDiff.unified(from: old, to: new, context: 1), useColor: false)
        #expect(diff == "  ...\n  line 4\n- line 5\n+ LINE FIVE\n  line 6\n  ...")
        #expect(LineDiff.unified(from: old, to: old).isEmpty)
    }

    @Test func aDiffLineWiderThanTheTerminalGoesOnBehindTheMarkWithItsSign() {
        let long = "    // " + Array(repeating: "word", count: 25).joined(separator: " ")
        let diff = LineDiff.render(LineDiff.unified(from: "a\n", to: "a\n" + long + "\n"), useColor: false, width: 40)
        let lines = diff.split(separator: "\n")
        #expect(lines.allSatisfy { $0.count <= 40 }, "\(diff)")
        #expect(lines[1].hasPrefix("+     // word"))
        let added = lines.filter { $0.hasPrefix("+") }
        #expect(added.count == 5)
        #expect(added.dropFirst().allSatisfy { $0.hasPrefix("+     ↪ word") }, "\(diff)")
    }
}

/// The command names, as the shell's registry lists them.
enum CommandRegistryNames {
    static let all = ["help", "lessons", "open", "read", "next", "prev", "run", "exercise", "edit", "check", "watch", "hint", "solution", "reset", "progress", "clear", "quit"]
}
