import DojoCatalog
import DojoCore
import DojoTestSupport
import Foundation
import Testing
import Yams

/// The course speaks with one vocabulary: no page, task or hint uses a glossary term against
/// its entry (`Lessons/glossary-pairings.yaml`), and every pattern name a page introduces in
/// bold is explained by the glossary. Runs on the repository's own Lessons folder, whatever
/// lessons it holds.
@Suite struct GlossaryConsistencyTests {
    /// A piece of lesson text and where it comes from, for the failure message.
    struct Prose {
        let place: String
        let text: String
    }

    /// A paragraph that breaks a rule.
    struct Hit: CustomStringConvertible {
        let place: String
        let paragraph: String
        let rule: GlossaryPairing

        var description: String {
            "\(place): uses '\(rule.term)' against its glossary entry (\(rule.why))\n    \(paragraph.replacingOccurrences(of: "\n", with: "\n    "))"
        }
    }

    static let lessons = Didojo.lessonsFolder

    static func rules() throws -> [GlossaryPairing] {
        let text = try String(contentsOf: lessons.appendingPathComponent("glossary-pairings.yaml"), encoding: .utf8)
        return try YAMLDecoder().decode([GlossaryPairing].self, from: text)
    }

    static func catalog() -> LessonCatalog {
        LessonCatalog.load(from: lessons, fileSystem: LocalFileSystem())
    }

    /// Every page, the glossary, every task and hint, and the comments of every starter and
    /// solution (the learner reads them too), each on its own.
    static func prose(of catalog: LessonCatalog) throws -> [Prose] {
        var prose: [Prose] = []
        for lesson in catalog.lessons {
            for page in lesson.pages {
                prose.append(Prose(place: "\(lesson.folder.lastPathComponent)/pages/\(page.file.lastPathComponent)", text: page.markdown))
            }
            for exercise in lesson.exercises {
                prose.append(Prose(place: "\(exercise.id) task", text: exercise.task))
                for (index, hint) in exercise.hints.enumerated() {
                    prose.append(Prose(place: "\(exercise.id) hint \(index + 1)", text: hint.text))
                }
                for file in [exercise.starter, exercise.solution] {
                    let source = try String(contentsOf: file, encoding: .utf8)
                    prose.append(Prose(place: "\(exercise.id) \(file.lastPathComponent) comments", text: Self.comments(of: source)))
                }
            }
        }
        let glossary = lessons.appendingPathComponent(Glossary.fileName)
        prose.append(Prose(place: Glossary.fileName, text: try String(contentsOf: glossary, encoding: .utf8)))
        return prose
    }

    /// The full-line comments of a Swift file without their `//` or `///`, each run of
    /// comment lines one paragraph.
    static func comments(of source: String) -> String {
        var paragraphs: [[String]] = [[]]
        for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("//") {
                paragraphs[paragraphs.count - 1].append(String(trimmed.drop { $0 == "/" }).trimmingCharacters(in: .whitespaces))
            } else if !(paragraphs.last ?? []).isEmpty {
                paragraphs.append([])
            }
        }
        return paragraphs.filter { !$0.isEmpty }.map { $0.joined(separator: "\n") }.joined(separator: "\n\n")
    }

    static func hits(in prose: [Prose], rules: [GlossaryPairing]) -> [Hit] {
        prose.flatMap { piece in
            ProseParagraphs.split(piece.text).flatMap { paragraph in
                rules.filter { $0.breaks(paragraph) }.map { Hit(place: piece.place, paragraph: paragraph, rule: $0) }
            }
        }
    }

    // MARK: The lessons as they are

    @Test func everyLessonLoadsSoThatNoTextEscapesTheCheck() throws {
        let catalog = Self.catalog()
        #expect(catalog.problems.isEmpty, "\(catalog.problems)")
        let folders = try FileManager.default.contentsOfDirectory(atPath: Self.lessons.path)
            .filter { LessonLoader.lessonID(forFolderNamed: $0) != nil }
        #expect(catalog.lessons.count == folders.count)
        #expect(catalog.lessons.count >= 7)
    }

    @Test func noPageTaskHintOrGlossaryEntryUsesATermAgainstItsEntry() throws {
        let rules = try Self.rules()
        #expect(rules.count >= 15)
        let prose = try Self.prose(of: Self.catalog())
        #expect(prose.filter { $0.place.contains("/pages/") }.count >= 40, "every page is read")
        for hit in Self.hits(in: prose, rules: rules) {
            Issue.record("\(hit)")
        }
    }

    // MARK: The check itself

    @Test func aStartersCommentIsReadAsProseAndCaughtUsingATermAgainstItsEntry() throws {
        let starter = """
            func share(_ text: String, at date: Date) throws {
                // TODO: post `text` stamped with `date`. The date arrives with this call (method
                // injection), so do not ask the clock here.
            }
            """
        #expect(Self.comments(of: starter) == "TODO: post `text` stamped with `date`. The date arrives with this call (method\ninjection), so do not ask the clock here.")
        let hits = Self.hits(in: [Prose(place: "constructor.3 starter.swift comments", text: Self.comments(of: starter))], rules: try Self.rules())
        #expect(hits.map(\.rule.term) == ["method injection"])
    }

    @Test func aBadSentenceAddedInMemoryIsFoundWithItsPlaceAndRule() throws {
        let rules = try Self.rules()
        var prose = try Self.prose(of: Self.catalog())
        prose.append(Prose(place: "99-extra/pages/01-new.md", text: """
            # A new page

            The `MockOutput` records every post, and the test asks it afterwards.

            ```swift
            let mock = MockOutput()  // records every post: code is not checked
            ```
            """))
        let hits = Self.hits(in: prose, rules: rules)
        #expect(hits.map(\.place) == ["99-extra/pages/01-new.md"])
        #expect(hits.map(\.rule.term) == ["mock"])
        #expect(hits.first?.paragraph == "The `MockOutput` records every post, and the test asks it afterwards.")
    }

    @Test func everyRuleFiresOnItsTermNearEachForbiddenWordsAndNotWithAnExcuse() throws {
        for rule in try Self.rules() {
            #expect(!rule.forbiddenNear.isEmpty, "\(rule.term) forbids nothing")
            for forbidden in rule.forbiddenNear {
                let sentence = "Here the \(rule.term) is said to be \(forbidden), which is wrong."
                #expect(rule.breaks(sentence), "'\(rule.term)' should break on: \(sentence)")
                for excuse in rule.unless {
                    #expect(!rule.breaks(sentence + " (\(excuse))"), "'\(excuse)' should excuse: \(sentence)")
                }
            }
            #expect(!rule.breaks("Here the \(rule.term) is fine."), "'\(rule.term)' alone breaks nothing")
        }
    }

    @Test func matchingFollowsTheHeaderOfThePairingsFile() {
        let mock = GlossaryPairing(term: "mock", forbiddenNear: ["ask it afterwards"], unless: ["loosely"], why: "")
        #expect(mock.breaks("A **Mock**_User_Router is there to *ask-it afterwards*."), "emphasis removed, `-` as a space, any case")
        #expect(mock.breaks("Write `MockSocialClient`, then ask it afterwards."), "a word that starts with the term")
        #expect(!mock.breaks("A hammock: ask it afterwards."), "not inside a word")
        #expect(mock.breaks("- The mock: ask it\n  afterwards."), "a phrase wrapped onto the next line")
        #expect(!mock.breaks("A mock, named loosely: ask it afterwards."), "an excuse anywhere in the paragraph")
        #expect(ProseParagraphs.split("A mock.\n\nAsk it afterwards.").allSatisfy { !mock.breaks($0) }, "a paragraph is checked on its own")
    }

    @Test func paragraphsAreSplitAsTheHeaderSays() {
        let text = """
            # Heading mock
            Text of one
            paragraph.

            - an item
              that goes on
            - another item
            1. a numbered one

            | a | b |
            |---|---|
            ```swift
            code
            ```
            last
            """
        #expect(ProseParagraphs.split(text) == [
            "# Heading mock", "Text of one\nparagraph.", "- an item\n  that goes on", "- another item", "1. a numbered one",
            "| a | b |", "|---|---|", "last",
        ])
    }

    // MARK: Bold definitions

    /// Phrases a page introduces in bold as a name: `**Null Object**` (each word capitalised,
    /// two or more words: the literature's pattern names) or `called **pure DI**`.
    static func boldNames(in markdown: String) -> [String] {
        ProseParagraphs.split(markdown).flatMap { paragraph -> [String] in
            let parts = paragraph.components(separatedBy: "**")
            return stride(from: 1, to: parts.count - 1, by: 2).compactMap { index -> String? in
                let phrase = parts[index].split(whereSeparator: \.isWhitespace).joined(separator: " ")
                let before = parts[index - 1].split(whereSeparator: \.isWhitespace).last.map(String.init) ?? ""
                let words = phrase.split(separator: " ")
                let patternName = words.count >= 2 && words.allSatisfy { $0.first?.isUppercase == true }
                    && !phrase.contains("`") && !".?:!".contains(phrase.last ?? ".")
                let named = ["called", "named"].contains(before.lowercased())
                return patternName || named ? phrase : nil
            }
        }
    }

    @Test func everyNameAPageIntroducesInBoldIsExplainedByTheGlossary() throws {
        let catalog = Self.catalog()
        let glossary = try #require(try catalog.glossary?.get())
        let definitions = Glossary.key(glossary.entries.map(\.definition).joined(separator: " "))
        var checked = 0
        for lesson in catalog.lessons {
            for page in lesson.pages {
                for name in Self.boldNames(in: page.markdown) {
                    checked += 1
                    let explained = glossary.entry(named: name) != nil || definitions.contains(Glossary.key(name))
                    #expect(explained, "\(lesson.folder.lastPathComponent)/pages/\(page.file.lastPathComponent) introduces **\(name)**, which the glossary neither has as a term nor explains in an entry: add an entry to Lessons/glossary.md, or name it in the entry it belongs to")
                }
            }
        }
        #expect(checked >= 15, "the bold names are found at all")
    }

    @Test func boldNamesAreThePatternNamesAndWhatIsCalledSomething() {
        let page = """
            It is a **Null Object**. It is called **pure DI**, and **once** it is **Not Bold.**
            **Exercise 1.** `**Not**` **`Code` Names**
            """
        #expect(Self.boldNames(in: page) == ["Null Object", "pure DI"])
    }
}
