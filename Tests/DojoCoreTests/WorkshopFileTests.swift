@testable import DojoCatalog
@testable import DojoWorkspace
import DojoTestSupport
import Foundation
import Testing

@Suite struct WorkshopFileTests {
    let file = URL(fileURLWithPath: "/class/workshop.yaml")

    @Test func aFullWorkshopIsReadAsWritten() throws {
        let workshop = try WorkshopFile.parse("""
        title: DI, Friday morning
        check-timeout: 15
        solutions: never
        lessons:
          - no-di
          - id: constructor
            time-box: 1h30m
            locked: true
        """, file: file)
        #expect(workshop.title == "DI, Friday morning")
        #expect(workshop.checkTimeout == 15)
        #expect(workshop.solutions == .never)
        #expect(workshop.lessons == [
            Workshop.LessonPlan(lessonID: "no-di", line: 5),
            Workshop.LessonPlan(lessonID: "constructor", timeBox: .seconds(90 * 60), locked: true, line: 6),
        ])
        #expect(workshop.prerequisite(of: "constructor") == "no-di")
        #expect(workshop.prerequisite(of: "no-di") == nil)
    }

    @Test func aWorkshopCanNameItsLiveClass() throws {
        let workshop = try WorkshopFile.parse("class: {url: http://192.168.1.20:8080, code: K7QD-P2XM}\nlessons: [no-di]\n", file: file)
        #expect(workshop.liveClass == Workshop.LiveClass(url: "http://192.168.1.20:8080", code: "K7QD-P2XM"))
        for broken in ["class: http://x", "class: {url: http://x}", "class: {url: http://x, code: A, port: 1}"] {
            #expect(throws: WorkshopError.self, "\(broken)") { try WorkshopFile.parse(broken + "\nlessons: [no-di]\n", file: file) }
        }
    }

    @Test func leftOutSettingsHaveTeacherFriendlyDefaults() throws {
        let workshop = try WorkshopFile.parse("lessons: [no-di]\n", file: file)
        #expect(workshop.title == "Workshop")
        #expect(workshop.solutions == .afterPass)
        #expect(workshop.checkTimeout == nil)
        #expect(workshop.lessons.first?.locked == false)
    }

    @Test(arguments: [
        ("30", 30), ("30m", 30), ("1h", 60), ("1h30m", 90), ("1h 15m", 75), ("45M", 45),
    ])
    func timeBoxesAreMinutesOrHours(text: String, minutes: Int) {
        #expect(WorkshopFile.parseTimeBox(text) == .seconds(minutes * 60))
    }

    @Test(arguments: ["", "0", "soon", "m", "1m30h", "1h1h", "-5", "30s"])
    func anythingElseIsNotATimeBox(text: String) {
        #expect(WorkshopFile.parseTimeBox(text) == nil)
    }

    /// Each mistake is one message naming the key, its line, and what would be accepted.
    @Test(arguments: [
        ("solutions: sometimes\nlessons: [no-di]\n",
         "line 1: 'solutions' is 'sometimes', which is not one of the choices. Allowed: after-pass, never, always."),
        ("lesson:\n  - no-di\n",
         "line 1: 'lesson' is not a workshop setting. Allowed: title, lessons, check-timeout, solutions, class."),
        ("title: x\n",
         "'lessons' is missing: list the lesson ids of the workshop, in order."),
        ("lessons: []\n",
         "'lessons' must be a list with at least one lesson id"),
        ("lessons:\n  - no-di\n  - id: cake\n    time-box: soon\n",
         "line 4: 'lessons[2].time-box' is 'soon', which is not a duration"),
        ("lessons:\n  - no-di\n  - id: cake\n    lock: true\n",
         "line 4: 'lessons[2].lock' is not a lesson setting. Allowed: id, time-box, locked."),
        ("lessons:\n  - id: no-di\n    locked: true\n",
         "'lessons[1].locked' cannot be true for the first lesson"),
        ("lessons:\n  - no-di\n  - id: cake\n    locked: maybe\n",
         "'lessons[2].locked' is 'maybe', which is neither true nor false."),
        ("lessons:\n  - no-di\n  - no-di\n",
         "'lessons[2]' lists 'no-di' a second time."),
        ("check-timeout: forever\nlessons: [no-di]\n",
         "'check-timeout' must be a number of seconds between 1 and 600"),
        ("lessons: [no-di\n",
         "it is not valid YAML"),
    ])
    func aMistakeNamesTheKeyAndWhatIsAllowed(yaml: String, expected: String) {
        #expect {
            try WorkshopFile.parse(yaml, file: file)
        } throws: { error in
            let message = (error as? WorkshopError)?.localizedDescription ?? ""
            return message.hasPrefix("The workshop file /class/workshop.yaml") && message.contains(expected)
                && message.hasSuffix("Fix the file and start didojo again.")
        }
    }

    @Test func theCatalogIsCutDownToTheWorkshopInItsOrder() throws {
        let fileSystem = InMemoryFileSystem()
        let lessons = URL(fileURLWithPath: "/lessons")
        try LessonFixture.arithmetic().write(into: lessons, fileSystem: fileSystem)
        try LessonFixture.testWriting().write(into: lessons, fileSystem: fileSystem)
        let catalog = LessonCatalog.load(from: lessons, fileSystem: fileSystem)

        let reversed = try WorkshopFile.parse("lessons: [testing, arithmetic]\n", file: file).arrange(catalog)
        #expect(reversed.lessons.map(\.id) == ["testing", "arithmetic"])
        let one = try WorkshopFile.parse("lessons: [testing]\n", file: file).arrange(catalog)
        #expect(one.allExercises.map(\.id) == ["testing.1"])

        #expect {
            try WorkshopFile.parse("lessons: [arithmetic, tseting]\n", file: file).arrange(catalog)
        } throws: { error in
            (error as? WorkshopError)?.localizedDescription.contains(", line 1") == true
                && (error as? WorkshopError)?.localizedDescription.contains("'lessons[2]' names 'tseting', which is not a lesson (did you mean 'testing'?). Allowed: arithmetic, testing.") == true
        }
    }

    @Test func anUnknownLessonOnItsOwnLineIsNamedWithThatLine() throws {
        let fileSystem = InMemoryFileSystem()
        let lessons = URL(fileURLWithPath: "/lessons")
        try LessonFixture.arithmetic().write(into: lessons, fileSystem: fileSystem)
        let catalog = LessonCatalog.load(from: lessons, fileSystem: fileSystem)
        #expect {
            try WorkshopFile.parse("title: x\nlessons:\n  - arithmetic\n  - id: arithmetc\n    locked: true\n", file: file).arrange(catalog)
        } throws: { error in
            let text = (error as? WorkshopError)?.localizedDescription ?? ""
            return text.contains(", line 4") && text.contains("(did you mean 'arithmetic'?)")
        }
    }

    @Test(arguments: ["100000h", "25h", "1441"])
    func aTimeBoxBeyondADayIsRefused(_ value: String) {
        #expect {
            try WorkshopFile.parse("lessons:\n  - id: no-di\n    time-box: \(value)\n", file: file)
        } throws: { error in
            (error as? WorkshopError)?.localizedDescription.contains("which is not a time box a lesson can have; give between 1 minute and 24 hours") == true
        }
        #expect(throws: Never.self) { try WorkshopFile.parse("lessons:\n  - id: no-di\n    time-box: 24h\n", file: file) }
    }

    @Test func aFolderGivenAsTheWorkshopFileIsToldSoInWords() throws {
        let fileSystem = InMemoryFileSystem()
        let folder = URL(fileURLWithPath: "/class")
        try fileSystem.createDirectory(at: folder)
        #expect {
            try WorkshopFile.load(from: folder, fileSystem: fileSystem)
        } throws: { error in
            let text = (error as? WorkshopError)?.localizedDescription ?? ""
            return text.contains("it is a folder; give the workshop file itself (/class/workshop.yaml, say)") && !text.contains("NSCocoaErrorDomain")
        }
    }
}
