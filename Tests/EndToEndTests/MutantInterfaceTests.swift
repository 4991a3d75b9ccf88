import DojoCatalog
import DojoCore
import DojoTestSupport
import ExerciseChecking
import Foundation
import Testing

/// Every mutant of a test-writing exercise keeps its subject's interface, to the byte of the
/// compiled module: the checker then compiles the learner's tests once and links them against
/// every mutant (see Lessons/README.md). A mutant that differs, even by an extra `import
/// Foundation`, still works, but costs a compile of the learner's tests on every check.
@Suite struct MutantInterfaceTests {
    static let catalog = LessonCatalog.load(from: Didojo.lessonsFolder, fileSystem: LocalFileSystem())

    /// Mutants whose bug needs state the correct code has no place for (a stored property of
    /// their own), so their interface must differ; the checker compiles the tests again for each.
    static let changeTheInterface: Set<String> = [
        "setter.3/keeps-first-output",      // remembers the first output
        "setter.3/posts-to-old-output-too", // remembers every earlier output
        "anti-patterns.2/stamper-reads-at-init", // remembers the clock that was current when it was made
        "viper-router.3/strong-view",       // `weak` is part of a stored property's interface
        "viper-router.3/unowned-view",      // so is `unowned`
    ]

    @Test(arguments: catalog.allExercises.filter { $0.kind == .test }.map(\.id))
    func everyMutantCompilesToTheSubjectsInterface(exerciseID: String) async throws {
        let exercise = try #require(Self.catalog.exercise(id: exerciseID))
        let folder = try TemporaryFolder("mutant-interface")
        let subject = try await interface(of: exercise.subject + exercise.support, in: folder.url.appendingPathComponent("subject"))
        #expect(!exercise.mutants.isEmpty)
        for mutant in exercise.mutants {
            let mutated = try await interface(of: mutant.apply(to: exercise.subject) + exercise.support, in: folder.url.appendingPathComponent(mutant.id))
            let allowed = Self.changeTheInterface.contains("\(exerciseID)/\(mutant.id)")
            #expect(allowed ? mutated != subject : mutated == subject, "\(exerciseID): mutant '\(mutant.id)' \(allowed ? "is listed as changing the subject's interface, but does not: take it off the list" : "changes the subject's interface (an import, a name, a type or a stored property?)")")
        }
    }

    /// The `.swiftmodule` the checker's exercise step would make of `sources`.
    private func interface(of sources: [URL], in folder: URL) async throws -> Data {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let fileSystem = LocalFileSystem()
        let testProgram = URL(fileURLWithPath: try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
        let swiftc = try #require(CompilingChecker.compiler(environment: ProcessInfo.processInfo.environment, fileSystem: fileSystem))
        let module = folder.appendingPathComponent("Exercise.swiftmodule")
        let arguments = ["-parse-as-library", "-module-name", "Exercise", "-emit-module", "-emit-module-path", module.path,
                             "-enable-testing", "-Onone", "-module-cache-path", RealChecker.sharedCacheFolder.appendingPathComponent("module-cache").path]
            + (try CompilingChecker.moduleFlags(beside: testProgram, fileSystem: fileSystem)) + sources.map(\.path)
        let (status, messages) = try await Self.run(swiftc, arguments)
        #expect(status == 0, "\(messages)")
        return try Data(contentsOf: module)
    }

    /// Runs the compiler on a thread of its own and waits there: a wait on one of the few
    /// threads of Swift's cooperative pool would hold up every other test's `await` meanwhile
    /// (on CI's two cores, the pseudo-terminal tests missed a prompt that had long been shown).
    private static func run(_ executable: URL, _ arguments: [String]) async throws -> (status: Int32, errors: String) {
        try await withCheckedThrowingContinuation { continuation in
            Thread {
                continuation.resume(with: Result {
                    let process = SpawnedProcess()
                    process.executableURL = executable
                    process.arguments = arguments
                    let errors = Pipe()
                    process.standardError = errors
                    try process.run()
                    let messages = errors.fileHandleForReading.readDataToEndOfFile()
                    process.waitUntilExit()
                    return (process.terminationStatus, String(decoding: messages, as: UTF8.self))
                })
            }.start()
        }
    }
}
