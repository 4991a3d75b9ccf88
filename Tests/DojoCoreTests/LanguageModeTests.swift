import DojoCatalog
import DojoTestSupport
import Foundation
import Testing

/// `language-mode` in lesson.yaml: the lesson's, an exercise's own over it, 5 when absent.
@Suite struct LanguageModeTests {
    let fileSystem = InMemoryFileSystem()
    let lessons = URL(fileURLWithPath: "/lessons")

    func load(_ edit: (String) -> String) throws -> LessonCatalog {
        var fixture = LessonFixture.arithmetic()
        fixture.files["lesson.yaml"] = edit(try #require(fixture.files["lesson.yaml"]))
        try fixture.write(into: lessons, fileSystem: fileSystem)
        return LessonCatalog.load(from: lessons, fileSystem: fileSystem)
    }

    @Test func withoutTheFieldAnExerciseCompilesInSwift5Mode() throws {
        let catalog = try load { $0 }
        #expect(try #require(catalog.exercise(id: "arithmetic.1")).languageMode == 5)
    }

    @Test func theLessonsModeHoldsForItsExercises() throws {
        let catalog = try load { $0.replacingOccurrences(of: "module: NoDI\n", with: "module: NoDI\nlanguage-mode: 6\n") }
        #expect(catalog.problems.isEmpty)
        #expect(try #require(catalog.exercise(id: "arithmetic.1")).languageMode == 6)
    }

    @Test func anExercisesOwnModeWinsOverTheLessons() throws {
        let catalog = try load {
            $0.replacingOccurrences(of: "module: NoDI\n", with: "module: NoDI\nlanguage-mode: 6\nlanguage-mode-reason: \"none\"\n")
                .replacingOccurrences(of: "    file: Doubler.swift\n", with: "    file: Doubler.swift\n    language-mode: 5\n")
        }
        #expect(catalog.problems.isEmpty)
        #expect(try #require(catalog.exercise(id: "arithmetic.1")).languageMode == 5)
    }

    @Test func aModeOtherThan5Or6IsAProblemThatSaysSo() throws {
        let catalog = try load { $0.replacingOccurrences(of: "module: NoDI\n", with: "module: NoDI\nlanguage-mode: 7\n") }
        #expect(catalog.lesson(id: "arithmetic") == nil)
        #expect(catalog.problems.map(\.description).joined().contains("language-mode must be 5 or 6, not 7"))
    }
}
