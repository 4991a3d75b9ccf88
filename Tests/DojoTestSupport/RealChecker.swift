import ChildProcess
import DojoCatalog
import DojoCore
import DojoGrading
import DojoShell
import ExerciseChecking
import Foundation
import WiringAnalysis

/// The checker with the real compiler and the lesson library `swift build` put beside the
/// running test program, for tests that must compile and run real Swift.
///
/// Its caches are the tests' own, never the developer's `~/.cache/didojo`: a folder in the
/// system's temporary folder shared by the test runs (the compiler's module cache is slow to
/// fill, and the cache keys hold the build's identity), or one a test gives.
package enum RealChecker {
    /// The caches the tests share when a test gives none.
    package static var sharedCacheFolder: URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("didojo-test-caches-\(getuid())")
    }

    /// The repository's own lessons and the vocabularies learned from its `Sources`, as the
    /// composition root hands them to the checker: for an exercise of the real lessons, the
    /// wiring analysis knows what `didojo` knows; for a lesson a test wrote, nothing.
    package static let repositoryLessons = LessonCatalog.load(from: Didojo.lessonsFolder, fileSystem: LocalFileSystem())
    package static let repositoryVocabularies = LessonVocabularies(
        sourcesFolder: LessonVocabularies.sourcesFolder(besideLessons: Didojo.lessonsFolder), fileSystem: LocalFileSystem(), cache: nil
    )

    /// The vocabulary of a real lesson's exercise, by its lesson id; empty for a test's own lesson.
    @Sendable package static func repositoryVocabulary(for exercise: Exercise) -> WiringVocabulary {
        repositoryLessons.lesson(id: exercise.lessonID).map { repositoryVocabularies.vocabulary(for: $0).vocabulary } ?? .empty
    }

    /// The build folder the running test program is in, where `swift build` put the products.
    package static var buildFolder: URL {
        URL(fileURLWithPath: (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? "/proc/self/exe")
            .deletingLastPathComponent()
    }

    package static func make(
        settings: CheckSettings = CheckSettings(), cacheFolder: URL? = nil, scratch: URL? = nil,
        launcher: any ProcessLaunching = ChildProcessLauncher(clock: ContinuousClock()),
        wiringVocabulary: @escaping @Sendable (Exercise) -> WiringVocabulary = repositoryVocabulary
    ) throws -> CompilingChecker {
        let testProgram = URL(fileURLWithPath: try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
        return try CompilingChecker.live(
            executable: testProgram, environment: ProcessInfo.processInfo.environment,
            ports: CheckerPorts(launcher: launcher, fileSystem: LocalFileSystem(), timeSource: SystemTimeSource(), trace: .off),
            folders: .inCache(
                cacheFolder ?? sharedCacheFolder, moduleCache: sharedCacheFolder.appendingPathComponent("module-cache"),
                scratch: scratch ?? FileManager.default.temporaryDirectory),
            settings: settings, wiringVocabulary: wiringVocabulary
        )
    }

    /// Checks `source` as the learner's file for `exercise`, with everything the check keeps
    /// (scratch, compiled steps, macro expansions) in `folder`, shared by a test's checks only.
    package static func check(
        _ source: String, as exercise: Exercise, in folder: URL, launcher: any ProcessLaunching = ChildProcessLauncher(clock: ContinuousClock()),
        settings: CheckSettings = CheckSettings()
    ) async throws -> CheckReport {
        let file = folder.appendingPathComponent("learner/\(exercise.fileName)")
        try LocalFileSystem().write(source, to: file)
        return try await make(
            settings: settings, cacheFolder: folder.appendingPathComponent("caches"), scratch: folder.appendingPathComponent("scratch"),
            launcher: launcher
        ).check(exercise, source: file)
    }
}
