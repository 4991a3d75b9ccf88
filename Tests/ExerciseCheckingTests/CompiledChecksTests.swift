import DojoCatalog
import DojoCore
import DojoGrading
@testable import ExerciseChecking
import DojoTestSupport
import Foundation
import Testing

/// A check is built as two modules, the code under test and the checks, and a step whose inputs
/// did not change is taken from the cache (see `CompileStep`). These tests run the real compiler
/// and count the compiler processes that really ran.
@Suite(.serialized) struct CompiledChecksTests {
    let folder: TemporaryFolder
    let fileSystem = LocalFileSystem()
    let launcher = RecordingLauncher()
    let catalog: LessonCatalog

    init() throws {
        folder = try TemporaryFolder("compiled-checks")
        catalog = try LessonFixture.catalog(of: [.arithmetic(), .testWriting(), Self.shadowing], in: folder.url, fileSystem: fileSystem)
    }

    /// Checks `source` as the learner's file, with a cache of its own for this test.
    func check(_ source: String, exercise id: String = "arithmetic.1") async throws -> CheckReport {
        try await RealChecker.check(source, as: try #require(catalog.exercise(id: id)), in: folder.url, launcher: launcher)
    }

    @Test func aChangeInsideAFunctionReusesTheCompiledChecks() async throws {
        let wrong = try await check("func double(_ value: Int) -> Int {\n    value + 2\n}\n")
        #expect(wrong.outcome == .checksFailed)
        #expect(launcher.compiles(ofModule: "Exercise") == 1)
        #expect(launcher.compiles(ofModule: "ExerciseChecks") == 1)
        // The failure points at the lesson's own checks file, not at the copy the module is built from.
        let checks = try #require(catalog.exercise(id: "arithmetic.1")).checks
        #expect(wrong.checks.flatMap(\.failures).map(\.file) == [checks.path])

        launcher.forget()
        let fixed = try await check("func double(_ value: Int) -> Int {\n    value * 2\n}\n")
        #expect(fixed.outcome == .passed)
        #expect(launcher.compiles(ofModule: "Exercise") == 1)
        #expect(launcher.compiles(ofModule: "ExerciseChecks") == 0)
        // Only the learner's small library is linked again; the checks linked last time load
        // it as they are.
        #expect(launcher.runs(producing: CompileStep.exerciseLibraryFile) == 1)
        #expect(launcher.runs(producing: CompileStep.checksLibraryFile) == 0)
        // The libraries the objects ask for are the same, so the link reuses the list.
        #expect(!launcher.requests.contains { $0.executable.hasSuffix("/swift-autolink-extract") })
        // The linker runs by itself: what clang would run was asked at the first check and kept,
        // and the learner's small library is linked without reading the big shared libraries
        // (see `LeanLibraryLink`), by the system's ld.bfd where there is one.
        let links = launcher.requests.filter { $0.executable.hasSuffix("/ld.lld") || $0.executable.hasSuffix("/ld.bfd") }
        #expect(links.count == 1)
        #expect(links.allSatisfy { link in
            link.arguments.contains { $0.hasSuffix("/swiftrt.o") } && link.arguments.contains("-l:libc_nonshared.a")
                && !link.arguments.contains("-lswiftCore") && !link.arguments.contains("-lc")
        })
        #expect(!launcher.requests.contains { $0.executable.hasSuffix("/clang") })
    }

    @Test func aChangeOfWhatTheChecksNameCompilesTheChecksAgain() async throws {
        _ = try await check("func double(_ value: Int) -> Int { value * 2 }\n")
        launcher.forget()
        // An overload the checks' call could pick: they must be compiled against it.
        let report = try await check("func double(_ value: Int) -> Int { value * 2 }\nfunc double(_ value: Int8) -> Int8 { value * 2 }\n")
        #expect(report.outcome == .passed)
        #expect(launcher.compiles(ofModule: "ExerciseChecks") == 1)
        #expect(launcher.runs(producing: CompileStep.checksLibraryFile) == 1)
    }

    @Test func aNewHelperTheChecksDoNotNameReusesTheCompiledChecksWhichRunTheNewCode() async throws {
        _ = try await check("func double(_ value: Int) -> Int { value * 2 }\n")
        launcher.forget()
        // New names the checks never use (a function, a type with its own members): the module's
        // interface changed, what the checks were compiled against did not (see `CheckedInterface`).
        let helped = try await check("""
            func double(_ value: Int) -> Int { Doubler(factor: 2).apply(to: value) }
            struct Doubler { let factor: Int; func apply(to value: Int) -> Int { twice(value) / 2 * factor } }
            func twice(_ value: Int) -> Int { value + value }
            final class Unused { var count = 0; func bump() { count += 1 } }
            """)
        #expect(helped.outcome == .passed)
        #expect(launcher.compiles(ofModule: "Exercise") == 1)
        #expect(launcher.compiles(ofModule: "ExerciseChecks") == 0)
        #expect(launcher.runs(producing: CompileStep.checksLibraryFile) == 0)

        // And the new code is what runs: a wrong helper fails the checks compiled before it.
        launcher.forget()
        let broken = try await check("""
            func double(_ value: Int) -> Int { Doubler(factor: 2).apply(to: value) }
            struct Doubler { let factor: Int; func apply(to value: Int) -> Int { twice(value) * factor } }
            func twice(_ value: Int) -> Int { value + value }
            final class Unused { var count = 0; func bump() { count += 1 } }
            """)
        #expect(broken.outcome == .checksFailed)
        #expect(launcher.compiles(ofModule: "ExerciseChecks") == 0)
    }

    @Test func anUnchangedFileCompilesNothing() async throws {
        _ = try await check("func double(_ value: Int) -> Int { value * 2 }\n")
        launcher.forget()
        let report = try await check("func double(_ value: Int) -> Int { value * 2 }\n")
        #expect(report.outcome == .passed)
        #expect(launcher.compiles(ofModule: "Exercise") == 0)
        #expect(launcher.compiles(ofModule: "ExerciseChecks") == 0)
        #expect(launcher.runs(producing: CompileStep.exerciseLibraryFile) == 0)
        #expect(launcher.runs(producing: CompileStep.checksLibraryFile) == 0)
        // Only running remains, and no question to the driver: its plans are kept too.
        #expect(!launcher.requests.contains { $0.arguments.first == "-###" })
    }

    @Test func theProgramThatRunsTheChecksIsTheBuildsOwnNamedLikeATestBundle() async throws {
        let report = try await check("""
            import Foundation
            func double(_ value: Int) -> Int {
                print("run as \\(ProcessInfo.processInfo.arguments[0])")
                return value * 2
            }
            """)
        #expect(report.outcome == .passed)
        // What libraries that ask "am I under test?" read (swift-issue-reporting's `isTesting`).
        #expect(report.output.contains("/Exercise.xctest\n"), "\(report.output)")
        // Never compiled by a check: it is a product of the package, beside the lesson library,
        // run as a copy named like a test bundle, and told where the lesson library is: the
        // lean one, since this code imports nothing that needs swift-dependencies.
        let products = try BuildProducts.beside(executable: RealChecker.buildFolder.appendingPathComponent("didojo"), fileSystem: fileSystem)
        let runs = launcher.requests.filter { $0.environment["DIDOJO_LESSON_LIBRARY"] != nil }
        #expect(runs.count == 1)
        let program = try #require(runs.first).executable
        #expect(program.hasSuffix("/Exercise.xctest"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: program)) == Data(contentsOf: products.testHost))
        #expect(runs.allSatisfy { $0.environment["DIDOJO_LESSON_LIBRARY"] == (products.leanLibrary?.file ?? products.library).path })
        #expect(launcher.requests.filter { $0.arguments.first != "-###" && $0.arguments.contains("-module-name") }
            .allSatisfy { request in ["Exercise", "ExerciseChecks"].contains { request.arguments.contains($0) } })
    }

    @Test func theLearnersTestsAreCompiledOnceForTheSubjectAndEveryMutant() async throws {
        let solution = try fileSystem.text(of: try #require(catalog.exercise(id: "testing.1")).solution)
        let first = try await check(solution, exercise: "testing.1")
        #expect(first.outcome == .passed)
        #expect(first.mutants.count == 2)
        #expect(launcher.compiles(ofModule: "ExerciseChecks") == 1)
        // The subject, and its two mutants together, as one schema (see `PlantedBugSchemata`).
        #expect(launcher.compiles(ofModule: "Exercise") == 2)
        #expect(launcher.runs(producing: CompileStep.exerciseLibraryFile) == 2)
        #expect(launcher.runs(producing: CompileStep.checksLibraryFile) == 1)

        // The subject and its mutants never change: a new test compiles only the tests.
        launcher.forget()
        let edited = try await check(solution.replacingOccurrences(of: "XCTAssertEqual(counter.value, 1)", with: "XCTAssertEqual(counter.value, 1, \"one step\")"), exercise: "testing.1")
        #expect(edited.outcome == .passed)
        #expect(launcher.compiles(ofModule: "Exercise") == 0)
        #expect(launcher.compiles(ofModule: "ExerciseChecks") == 1)
    }

    // MARK: One module's meaning, in two

    /// A lesson whose checks import the lesson's module, which declares a `SocialPresenter` of
    /// its own, while the learner writes another.
    static let shadowing = LessonFixture(folderName: "03-shadowing", files: [
        "lesson.yaml": """
        title: "Shadowing"
        summary: "The learner's type and the lesson module's namesake."
        module: NoDI
        exercises:
          - title: "Your own presenter"
            file: SocialPresenter.swift
            task: "Write a SocialPresenter with an owner."
            hints:
              - "A stored property."
              - "Set to \\"learner\\"."
        """,
        "pages/01-only.md": "# Only page\n",
        "exercises/1/starter.swift": "import NoDI\n\nfinal class SocialPresenter {}\n",
        "exercises/1/solution.swift": "import NoDI\n\nfinal class SocialPresenter {\n    let owner = \"learner\"\n}\n",
        "exercises/1/Checks.swift": """
        import XCTest
        import NoDI

        final class ShadowChecks: XCTestCase {
            func testTheLearnersOwnTypeIsUsed() {
                XCTAssertEqual(SocialPresenter().owner, "learner")
            }
        }
        """,
    ])

    @Test func theLearnersTypeShadowsTheLessonModulesNamesakeAsInOneModule() async throws {
        let exercise = try #require(catalog.exercise(id: "shadowing.1"))
        let report = try await check(try fileSystem.text(of: exercise.solution), exercise: "shadowing.1")
        #expect(report.outcome == .passed)
    }

    @Test func anErrorInTheChecksPointsAtTheLessonsChecksFileAndLine() async throws {
        let exercise = try #require(catalog.exercise(id: "shadowing.1"))
        let report = try await check(try fileSystem.text(of: exercise.starter), exercise: "shadowing.1")
        #expect(report.outcome == .compileFailed)
        let error = try #require(report.diagnostics.first)
        #expect(error.file == exercise.checks.path)
        #expect(error.line == 6)
        #expect(error.message.contains("owner"))
    }
}
