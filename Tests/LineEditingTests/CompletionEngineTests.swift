import Testing
@testable import LineEditing

@Suite("Completion engine")
struct CompletionEngineTests {
    let commands = ["help", "history", "hello", "status", "start", "stop", "quit"]
    let flags = ["--format", "--force", "--verbose"]

    func engine() -> CompletionEngine {
        CompletionEngine { words, partial in
            if words.isEmpty { return commands }
            return partial.hasPrefix("-") ? flags : ["alpha", "beta"]
        }
    }

    @Test("A unique match is completed and followed by a space")
    func uniqueMatch() {
        #expect(engine().complete(lineBeforeCursor: "qu") == .insert("it "))
    }

    @Test("An ambiguous word lists the choices and inserts the longest common prefix")
    func ambiguousWithCommonPrefix() {
        #expect(engine().complete(lineBeforeCursor: "s") == .choices(["start", "status", "stop"], insert: "t"))
        #expect(engine().complete(lineBeforeCursor: "he") == .choices(["hello", "help"], insert: "l"))
    }

    @Test("A word that matches nothing completes to nothing")
    func noMatch() {
        #expect(engine().complete(lineBeforeCursor: "zz") == .none)
    }

    @Test("An empty line offers every command name")
    func emptyLineOffersCommands() {
        let expected = commands.sorted()
        #expect(engine().complete(lineBeforeCursor: "") == .choices(expected, insert: ""))
    }

    @Test("After a space the next word is completed from an empty partial word")
    func afterSpace() {
        var seen: [([String], String)] = []
        let recording = CompletionEngine { words, partial in
            seen.append((words, partial))
            return ["alpha", "beta"]
        }
        #expect(recording.complete(lineBeforeCursor: "status ") == .choices(["alpha", "beta"], insert: ""))
        #expect(seen.count == 1)
        #expect(seen.first?.0 == ["status"])
        #expect(seen.first?.1 == "")
    }

    @Test("The words before the cursor and the partial word are passed to the candidates function")
    func wordsAndPartial() {
        var seen: ([String], String)?
        let recording = CompletionEngine { words, partial in
            seen = (words, partial)
            return []
        }
        _ = recording.complete(lineBeforeCursor: "  run  fast  wi")
        #expect(seen?.0 == ["run", "fast"])
        #expect(seen?.1 == "wi")
    }

    @Test("Flags such as --format complete like words")
    func flagsComplete() {
        #expect(engine().complete(lineBeforeCursor: "status --f") == .choices(["--force", "--format"], insert: "or"))
        #expect(engine().complete(lineBeforeCursor: "status --form") == .insert("at "))
        #expect(engine().complete(lineBeforeCursor: "status --v") == .insert("erbose "))
    }

    @Test("A unique match ending in = gets no space so a value can follow")
    func equalsSuffix() {
        let valued = CompletionEngine { _, _ in ["--format="] }
        #expect(valued.complete(lineBeforeCursor: "x --fo") == .insert("rmat="))
    }

    @Test("Candidates are deduplicated, sorted and filtered by the partial word")
    func dedupSortFilter() {
        let messy = CompletionEngine { _, _ in ["stop", "start", "stop", "", "quit", "start"] }
        #expect(messy.complete(lineBeforeCursor: "st") == .choices(["start", "stop"], insert: ""))
        let single = CompletionEngine { _, _ in ["stop", "stop"] }
        #expect(single.complete(lineBeforeCursor: "s") == .insert("top "))
    }

    @Test("A word that is already complete but also a prefix of others stays ambiguous")
    func exactWordThatIsAlsoPrefix() {
        let words = CompletionEngine { _, _ in ["st", "stop"] }
        #expect(words.complete(lineBeforeCursor: "st") == .choices(["st", "stop"], insert: ""))
    }

    @Test("Non-ASCII words complete by whole characters")
    func unicodeWords() {
        let words = CompletionEngine { _, _ in ["café", "cafétéria"] }
        #expect(words.complete(lineBeforeCursor: "ca") == .choices(["café", "cafétéria"], insert: "fé"))
    }

    @Test("Choices are laid out column by column within the width")
    func columnLayout() {
        let rows = CompletionEngine.columns(["a", "bb", "ccc", "dddd", "e"], width: 12)
        #expect(rows == ["a     dddd", "bb    e", "ccc"])
        #expect(rows.allSatisfy { $0.count <= 12 })
    }

    @Test("A narrow terminal gets one choice per row")
    func narrowColumns() {
        #expect(CompletionEngine.columns(["alpha", "beta"], width: 3) == ["alpha", "beta"])
        #expect(CompletionEngine.columns([], width: 80) == [])
    }
}
