import DojoCatalog
import DojoTestSupport
import Foundation
import Testing

@Suite struct GlossaryTests {
    let glossary = Glossary(markdown: LessonFixture.glossary)

    @Test func eachSecondLevelHeadingIsAnEntryWithItsDefinitionAndSourceApart() throws {
        #expect(glossary.entries.map(\.term) == ["composition root", "constructor over-injection", "dependency injection (DI)", "spy"])
        let spy = try #require(glossary.entries.last)
        #expect(spy.definition == """
            A test double that records the calls it receives, so that the test can ask it
            afterwards what happened and assert on that. Most "mocks" are spies.
            """)
        #expect(spy.source == "Source: Meszaros, *xUnit Test Patterns*, \"Test Spy\". See lesson 2 (`constructor`).")
        #expect(spy.markdown.hasPrefix("## spy\n\nA test double"))
        #expect(spy.markdown.hasSuffix("See lesson 2 (`constructor`).\n"))
    }

    @Test func theFirstSentenceEndsAtAFullStopButNotAtAnAbbreviation() throws {
        #expect(glossary.entries[0].firstSentence == "The single place where the object graph is put together.")
        #expect(glossary.entries[1].firstSentence == "An initializer with too many dependencies, e.g. seven of them.")
        #expect(Glossary(markdown: "## x\n\nUses `Task {}` and *this*, with no full stop\n").entries[0].firstSentence
            == "Uses Task {} and this, with no full stop")
    }

    @Test(arguments: ["spy", "SPY", "Spy", "spies", "composition root", "Composition-Root", "composition_root",
                      "constructor over-injection", "constructor-over-injection", "constructor over injection",
                      "dependency injection", "DI", "dependency injection (DI)", "Dependency-Injection"])
    func aTermIsFoundInAnyCaseWithSpacesOrDashesAndInThePlural(_ name: String) throws {
        #expect(glossary.entry(named: name) != nil, "'\(name)' should name an entry")
    }

    @Test(arguments: ["spyy", "composition", "", "  ", "di injection", "roots"])
    func otherWordsNameNoEntry(_ name: String) {
        #expect(glossary.entry(named: name) == nil, "'\(name)' should name no entry")
    }

    @Test func everyEntryCompletesAsOneWordThatFindsItAgain() throws {
        #expect(glossary.entries.map(\.completion) == ["composition-root", "constructor-over-injection", "dependency-injection", "spy"])
        for entry in glossary.entries {
            #expect(glossary.entry(named: entry.completion) == entry)
        }
    }

    @Test func aHeadingInsideACodeBlockIsNoEntryAndWindowsLineEndsAreRead() {
        let text = "## first\r\n\r\nOne.\r\n\r\n```text\r\n## not a term\r\n```\r\n\r\nSource: me.\r\n"
        let entries = Glossary(markdown: text).entries
        #expect(entries.map(\.term) == ["first"])
        #expect(entries.first?.source == "Source: me.")
        #expect(entries.first?.definition == "One.\n\n```text\n## not a term\n```")
    }

    @Test func theCatalogLoadsTheGlossaryBesideTheLessonsAndHasNoneWithoutTheFile() throws {
        let fileSystem = InMemoryFileSystem()
        let lessons = URL(fileURLWithPath: "/lessons")
        try LessonFixture.arithmetic().write(into: lessons, fileSystem: fileSystem)
        #expect(LessonCatalog.load(from: lessons, fileSystem: fileSystem).glossary == nil)

        try fileSystem.write(LessonFixture.glossary, to: lessons.appendingPathComponent("glossary.md"))
        let catalog = LessonCatalog.load(from: lessons, fileSystem: fileSystem)
        #expect(try catalog.glossary?.get() == glossary)
        #expect(catalog.problems.isEmpty)
        #expect(catalog.lessons.map(\.id) == ["arithmetic"], "the glossary is not a lesson")
    }

    @Test func aGlossaryThatIsNotUTF8IsAProblemOfItsOwnAndTheLessonsStillLoad() throws {
        let fileSystem = InMemoryFileSystem()
        let lessons = URL(fileURLWithPath: "/lessons")
        try LessonFixture.arithmetic().write(into: lessons, fileSystem: fileSystem)
        try fileSystem.write(Data([0x23, 0x23, 0x20, 0xff]), to: lessons.appendingPathComponent("glossary.md"))
        let catalog = LessonCatalog.load(from: lessons, fileSystem: fileSystem)
        #expect(catalog.lessons.count == 1)
        #expect(catalog.problems.isEmpty, "start-up names broken lessons only")
        guard case .failure(let problem) = catalog.glossary else {
            Issue.record("an unreadable glossary should be a problem")
            return
        }
        #expect(problem.description == "/lessons/glossary.md: is not UTF-8 text; save it as UTF-8")
    }
}
