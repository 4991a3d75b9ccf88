import DojoCatalog
import DojoCore
import DojoTestSupport
import Foundation
import Testing

@Suite struct LessonLoaderTests {
    let fileSystem = InMemoryFileSystem()
    let lessons = URL(fileURLWithPath: "/lessons")

    func catalog(_ fixtures: LessonFixture...) throws -> LessonCatalog {
        for fixture in fixtures { try fixture.write(into: lessons, fileSystem: fileSystem) }
        return LessonCatalog.load(from: lessons, fileSystem: fileSystem)
    }

    @Test func aWellFormedLessonLoadsWithItsPagesInOrderAndItsExercisesNumbered() throws {
        let catalog = try catalog(.arithmetic())
        #expect(catalog.problems.isEmpty)
        let lesson = try #require(catalog.lesson(id: "arithmetic"))
        #expect(lesson.title == "Arithmetic")
        #expect(lesson.pages.map(\.title) == ["First page", "Second page"])
        #expect(lesson.exercises.map(\.id) == ["arithmetic.1"])
        #expect(lesson.exercises[0].hints == ["Multiply.", "By two."])
        #expect(lesson.exercises[0].fileName == "Doubler.swift")
        #expect(lesson.exercises[0].kind == .implement)
    }

    @Test func aKeptManifestGivesTheSameLessonAndAnEditedOneIsReadAgain() throws {
        let cache = CompiledStepCache(folder: URL(fileURLWithPath: "/cache/lesson-manifests"), fileSystem: fileSystem, timeSource: FixedTimeSource())
        var fixture = LessonFixture.arithmetic()
        try fixture.write(into: lessons, fileSystem: fileSystem)
        let read = LessonCatalog.load(from: lessons, fileSystem: fileSystem, manifestCache: cache)
        #expect(try fileSystem.contentsOfDirectory(at: URL(fileURLWithPath: "/cache/lesson-manifests")).count == 1)
        let kept = LessonCatalog.load(from: lessons, fileSystem: fileSystem, manifestCache: cache)
        #expect(kept.lessons == read.lessons)
        #expect(kept.lessons.first?.exercises.first?.hints == ["Multiply.", "By two."])

        // An author's edit is a new text, so it is decoded again, never answered from the cache.
        fixture.files["lesson.yaml"] = try #require(fixture.files["lesson.yaml"]).replacingOccurrences(of: "title: \"Arithmetic\"", with: "title: \"Sums\"")
        try fixture.write(into: lessons, fileSystem: fileSystem)
        #expect(LessonCatalog.load(from: lessons, fileSystem: fileSystem, manifestCache: cache).lessons.first?.title == "Sums")
    }

    @Test func aPagesTitleIsItsFirstHeadingElseItsFileName() throws {
        var fixture = LessonFixture.arithmetic()
        fixture.files["pages/01-first.md"] = "Text before the heading.\r\n\r\n## The real title  \r\n\n# A later heading\n"
        fixture.files["pages/02-second.md"] = "No heading at all.\n"
        let lesson = try #require(try catalog(fixture).lesson(id: "arithmetic"))
        #expect(lesson.pages.map(\.title) == ["The real title", "02-second"])
    }

    @Test func aPagesTitleLineMayEndInAnyWayAndItsSpacesMayBeTabsOrUnicodeSpaces() throws {
        var fixture = LessonFixture.arithmetic()
        // Old Mac line ends, and a Unicode line separator: the heading is on a line of its own.
        fixture.files["pages/01-first.md"] = "Intro\r\t#\tThe real title\u{00A0}\r# Later\r"
        fixture.files["pages/02-second.md"] = "Intro # not a heading\u{2028}## \u{2003}Second\u{2029}body"
        let lesson = try #require(try catalog(fixture).lesson(id: "arithmetic"))
        #expect(lesson.pages.map(\.title) == ["The real title", "Second"])
    }

    @Test func onlyTheLessonsChosenAreLoadedAndTheChoiceSeesEveryIdInOrder() throws {
        for fixture in [LessonFixture.arithmetic(folderName: "01-arithmetic"), .testWriting(folderName: "02-testing"), .arithmetic(folderName: "03-more")] {
            try fixture.write(into: lessons, fileSystem: fileSystem)
        }
        // Not a lesson folder: never offered.
        try fileSystem.write(Data("notes".utf8), to: lessons.appendingPathComponent("README.md"))
        var offered: [[String]] = []
        let some = LessonCatalog.load(from: lessons, fileSystem: fileSystem) { ids in
            offered.append(ids)
            return ["testing", "more"]
        }
        #expect(offered == [["arithmetic", "testing", "more"]])
        #expect(some.lessons.map(\.id) == ["testing", "more"])
        #expect(some.problems.isEmpty)
        #expect(LessonCatalog.load(from: lessons, fileSystem: fileSystem) { _ in [] }.lessons.isEmpty)
    }

    @Test func lessonsAreOrderedByTheirNumberPrefix() throws {
        let catalog = try catalog(.testWriting(folderName: "02-testing"), .arithmetic(folderName: "01-arithmetic"))
        #expect(catalog.lessons.map(\.id) == ["arithmetic", "testing"])
        #expect(catalog.lesson(after: "arithmetic")?.id == "testing")
        #expect(catalog.lesson(before: "arithmetic") == nil)
    }

    @Test func aTestWritingExerciseLoadsItsSubjectAndMutants() throws {
        let exercise = try #require(try catalog(.testWriting()).exercise(id: "testing.1"))
        #expect(exercise.kind == .test)
        #expect(exercise.subject.map(\.lastPathComponent) == ["Counter.swift"])
        #expect(exercise.mutants.map(\.id) == ["never-counts", "counts-twice"])
        #expect(exercise.mutants[0].description == "the counter never counts")
        #expect(!exercise.hasChecks)
    }

    @Test func aManifestThatIsNotYAMLIsReportedWithItsPathAndTheOtherLessonsStillLoad() throws {
        var broken = LessonFixture.arithmetic(folderName: "02-broken")
        broken.files["lesson.yaml"] = "title: [unclosed\n"
        let catalog = try catalog(.arithmetic(), broken)
        #expect(catalog.lessons.map(\.id) == ["arithmetic"])
        #expect(catalog.problems.count == 1)
        #expect(catalog.problems[0].path == "/lessons/02-broken/lesson.yaml")
        #expect(catalog.problems[0].problem.contains("YAML"))
    }

    @Test func aMissingManifestFieldIsNamed() throws {
        var broken = LessonFixture.arithmetic()
        broken.files["lesson.yaml"] = "title: \"T\"\nmodule: NoDI\nexercises: []\n"
        let problem = try #require(try catalog(broken).problems.first)
        #expect(problem.problem == "the field 'summary' is missing")
    }

    @Test func aMissingFieldInsideAnExerciseNamesTheExercise() throws {
        var broken = LessonFixture.arithmetic()
        broken.files["lesson.yaml"] = "title: \"T\"\nsummary: \"S\"\nmodule: NoDI\nexercises:\n  - title: \"X\"\n    task: \"Y\"\n    hints: []\n"
        let problem = try #require(try catalog(broken).problems.first)
        #expect(problem.problem == "the field 'file' is missing in exercises.[0]")
    }

    @Test func aMissingStarterIsReportedByItsPath() throws {
        var broken = LessonFixture.arithmetic()
        broken.files.removeValue(forKey: "exercises/1/starter.swift")
        let problem = try #require(try catalog(broken).problems.first)
        #expect(problem.path == "/lessons/01-arithmetic/exercises/1/starter.swift")
        #expect(problem.problem == "is missing (exercise arithmetic.1 needs it)")
    }

    @Test func aPageThatIsNotUTF8IsReportedByItsPath() throws {
        try LessonFixture.arithmetic().write(into: lessons, fileSystem: fileSystem)
        let page = lessons.appendingPathComponent("01-arithmetic/pages/01-first.md")
        try fileSystem.write(Data([0x23, 0x20, 0xff, 0xfe, 0x0a]), to: page)
        let catalog = LessonCatalog.load(from: lessons, fileSystem: fileSystem)
        #expect(catalog.lessons.isEmpty)
        #expect(catalog.problems.first?.path == page.path)
        #expect(catalog.problems.first?.problem == "is not UTF-8 text; save it as UTF-8")
    }

    @Test func aLessonWithoutPagesIsReported() throws {
        var broken = LessonFixture.arithmetic()
        broken.files = broken.files.filter { !$0.key.hasPrefix("pages/") }
        let problem = try #require(try catalog(broken).problems.first)
        #expect(problem.problem == "the pages folder is missing")
    }

    @Test func wordsThatAreOnlySpacesAreMissingWhateverTheSpaces() throws {
        /// The problem of the arithmetic lesson with `yaml` added to its exercise, nil when none.
        func problem(adding yaml: String, title: String = "Arithmetic") throws -> String? {
            var fixture = LessonFixture.arithmetic()
            fixture.files["lesson.yaml"] = try #require(fixture.files["lesson.yaml"])
                .replacingOccurrences(of: "title: \"Arithmetic\"", with: "title: \"\(title)\"") + "\n" + yaml + "\n"
            fixture.files["exercises/1/mistakes/forgets.swift"] = "func double(_ value: Int) -> Int { value }\n"
            let fileSystem = InMemoryFileSystem()
            try fixture.write(into: lessons, fileSystem: fileSystem)
            return LessonCatalog.load(from: lessons, fileSystem: fileSystem).problems.first?.problem
        }
        let mistake = "    mistakes:\n      - id: forgets\n        description: \"forgets to double\"\n        expect: [%@]"
        // Tabs, and Unicode's space separators (an em space, an ideographic space).
        #expect(try problem(adding: mistake.replacingOccurrences(of: "%@", with: "\"\\u2003\\t\"")) == "mistake 'forgets' of exercise 1 must say in 'expect' which words its report must contain")
        #expect(try problem(adding: mistake.replacingOccurrences(of: "%@", with: "\"\\u2003x\"")) == nil)
        let equivalent = "    equivalent:\n      - operator: constant\n        line: 1\n        why: %@"
        // Line ends count as blank in a reason, a Unicode line separator too.
        #expect(try problem(adding: equivalent.replacingOccurrences(of: "%@", with: "\" \\n\\u2028\\t\"")) == "exercise 1: the equivalent mutant 'constant' at line 1 must say 'why' it cannot be told from the solution")
        #expect(try problem(adding: equivalent.replacingOccurrences(of: "%@", with: "\"\\u00A0no check can see it\"")) == nil)
        #expect(try problem(adding: "", title: "\\t\\u3000") == "the title is empty")
    }

    @Test func aTestWritingExerciseWithoutMutantsIsReported() throws {
        var broken = LessonFixture.testWriting()
        broken.files["lesson.yaml"] = broken.files["lesson.yaml"]!.components(separatedBy: "    mutants:")[0]
        let problem = try #require(try catalog(broken).problems.first)
        #expect(problem.problem.contains("declares no mutants"))
    }

    @Test func aMutantFileThatReplacesNoSubjectFileIsReported() throws {
        var broken = LessonFixture.testWriting()
        broken.files["exercises/1/mutants/never-counts/Other.swift"] = "// stray\n"
        let problem = try #require(try catalog(broken).problems.first)
        #expect(problem.path.hasSuffix("mutants/never-counts/Other.swift"))
        #expect(problem.problem.contains("replaces no file of subject/"))
    }

    @Test func twoLessonsWithTheSameIdKeepTheFirst() throws {
        let catalog = try catalog(.arithmetic(folderName: "01-arithmetic"), .arithmetic(folderName: "02-arithmetic"))
        #expect(catalog.lessons.count == 1)
        #expect(catalog.problems.first?.problem == "another lesson already has the id 'arithmetic'")
    }

    @Test func aMissingLessonsFolderIsOneProblemNotACrash() {
        let catalog = LessonCatalog.load(from: URL(fileURLWithPath: "/nowhere"), fileSystem: fileSystem)
        #expect(catalog.lessons.isEmpty)
        #expect(catalog.problems.first?.problem == "the lessons folder cannot be read")
    }

    @Test(arguments: [("01-no-di", "no-di"), ("12-dependency-values", "dependency-values")])
    func theLessonIdIsTheFolderNameWithoutItsNumber(folder: String, id: String) {
        #expect(LessonLoader.lessonID(forFolderNamed: folder) == id)
    }

    @Test(arguments: ["no-di", "01_no-di", "01-", "-x", "01-No-DI"])
    func foldersWithoutANumberPrefixAreNotLessons(folder: String) {
        #expect(LessonLoader.lessonID(forFolderNamed: folder) == nil)
    }
}

extension LessonLoaderTests {
    @Test func givenCodeIsReadAndRefusedInATestWritingExercise() throws {
        var giving = LessonFixture.arithmetic()
        giving.files["lesson.yaml"] = giving.files["lesson.yaml"]! + "\n    given: [Helper, helper]\n"
        let loaded = try catalog(giving)
        #expect(loaded.problems.isEmpty)
        #expect(loaded.exercise(id: "arithmetic.1")?.given == ["Helper", "helper"])

        var broken = LessonFixture.testWriting(folderName: "03-testing")
        broken.files["lesson.yaml"] = broken.files["lesson.yaml"]! + "\n    given: [Counter]\n"
        let problem = try #require(try catalog(broken).problems.first)
        #expect(problem.problem.contains("declares 'given' code, but the learner of a test-writing exercise (kind: test) writes all of their file"))
    }
}
