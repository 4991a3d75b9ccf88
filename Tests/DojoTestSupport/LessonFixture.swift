import DojoCatalog
import DojoCore
import Foundation

/// A small lesson written by a test: a folder name and its files by relative path.
package struct LessonFixture: Sendable {
    package var folderName: String
    package var files: [String: String]

    package init(folderName: String, files: [String: String]) {
        self.folderName = folderName
        self.files = files
    }

    /// Writes the lesson into `lessonsFolder` and returns its folder.
    @discardableResult
    package func write(into lessonsFolder: URL, fileSystem: any FileSystem) throws -> URL {
        let folder = lessonsFolder.appendingPathComponent(folderName)
        try fileSystem.createDirectory(at: folder)
        for (path, text) in files {
            try fileSystem.write(text, to: folder.appendingPathComponent(path))
        }
        return folder
    }

    /// Writes `fixtures` into `folder`/Lessons and loads them, as the checker's tests start.
    package static func catalog(of fixtures: [LessonFixture], in folder: URL, fileSystem: any FileSystem) throws -> LessonCatalog {
        let lessons = folder.appendingPathComponent("Lessons")
        for fixture in fixtures {
            try fixture.write(into: lessons, fileSystem: fileSystem)
        }
        return LessonCatalog.load(from: lessons, fileSystem: fileSystem)
    }

    /// A lesson whose one exercise needs nothing but the standard library: `double(_:)`.
    package static func arithmetic(folderName: String = "01-arithmetic") -> LessonFixture {
        LessonFixture(folderName: folderName, files: [
            "lesson.yaml": """
            title: "Arithmetic"
            summary: "A lesson made for tests."
            module: NoDI
            exercises:
              - title: "Double it"
                file: Doubler.swift
                task: "Make `double(_:)` return twice its argument."
                hints:
                  - "Multiply."
                  - "By two."
            """,
            "pages/01-first.md": "# First page\n\nSome *text*.\n",
            "pages/02-second.md": "# Second page\n\nMore text.\n",
            "exercises/1/starter.swift": "// TODO: return twice the value\nfunc double(_ value: Int) -> Int {\n    return 0\n}\n",
            "exercises/1/solution.swift": "func double(_ value: Int) -> Int {\n    return value * 2\n}\n",
            "exercises/1/Checks.swift": """
            import XCTest

            final class DoublerChecks: XCTestCase {
                func testDoublesTwo() {
                    XCTAssertEqual(double(2), 4, "double(2) should be 4")
                }

                func testDoublesZero() {
                    XCTAssertEqual(double(0), 0, "double(0) should be 0")
                }
            }
            """,
        ])
    }

    /// A test-writing lesson: the learner tests `Counter`, and two mutants break it.
    package static func testWriting(folderName: String = "02-testing") -> LessonFixture {
        LessonFixture(folderName: folderName, files: [
            "lesson.yaml": """
            title: "Testing"
            summary: "Learner-written tests against mutants."
            module: NoDI
            exercises:
              - title: "Test the counter"
                kind: test
                file: CounterTests.swift
                task: "Write a test that catches a broken counter."
                hints:
                  - "Call increment()."
                  - "Assert on value."
                mutants:
                  - id: never-counts
                    description: "the counter never counts"
                  - id: counts-twice
                    description: "the counter counts twice"
            """,
            "pages/01-only.md": "# Only page\n",
            "exercises/1/subject/Counter.swift": "final class Counter {\n    private(set) var value = 0\n    func increment() { value += 1 }\n}\n",
            "exercises/1/mutants/never-counts/Counter.swift": "final class Counter {\n    private(set) var value = 0\n    func increment() {}\n}\n",
            "exercises/1/mutants/counts-twice/Counter.swift": "final class Counter {\n    private(set) var value = 0\n    func increment() { value += 2 }\n}\n",
            "exercises/1/starter.swift": "import XCTest\n\nfinal class CounterTests: XCTestCase {\n    func testIncrement() {\n        let counter = Counter()\n        counter.increment()\n        // TODO: assert on counter.value\n    }\n}\n",
            "exercises/1/solution.swift": "import XCTest\n\nfinal class CounterTests: XCTestCase {\n    func testIncrement() {\n        let counter = Counter()\n        counter.increment()\n        XCTAssertEqual(counter.value, 1)\n    }\n}\n",
        ])
    }

    /// A small `glossary.md`: a one-word, a two-word, a hyphenated and a parenthesised term.
    package static let glossary = """
        # Glossary

        The words of a course made for tests.

        ## composition root

        The single place where the object graph is put together. There is one per
        application.

        Source: DIPP&P, ch. 4. See lesson 2 (`constructor`).

        ## constructor over-injection

        An initializer with too many dependencies, e.g. seven of them. Injection shows it.

        Source: DIPP&P, ch. 6.

        ## dependency injection (DI)

        Handing a type its dependencies from outside.

        Source: Fowler (2004). See lesson 1 (`no-di`).

        ## spy

        A test double that records the calls it receives, so that the test can ask it
        afterwards what happened and assert on that. Most "mocks" are spies.

        Source: Meszaros, *xUnit Test Patterns*, "Test Spy". See lesson 2 (`constructor`).

        """
}
