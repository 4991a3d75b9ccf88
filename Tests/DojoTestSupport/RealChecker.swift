import ChildProcess
import DojoCore
import Foundation

/// The checker with the real compiler and the lesson library `swift build` put beside the
/// running test program, for tests that must compile and run real Swift.
public enum RealChecker {
    public static func make(
        settings: CheckSettings = CheckSettings(), scratch: URL? = nil, stepCache: URL? = nil,
        macroExpansions: URL? = nil, launcher: any ProcessLaunching = ChildProcessLauncher()
    ) throws -> ExerciseChecker {
        let environment = ProcessInfo.processInfo.environment
        let fileSystem = LocalFileSystem()
        let testProgram = URL(fileURLWithPath: try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
        let home = environment["HOME"] ?? NSHomeDirectory()
        return ExerciseChecker(
            toolchain: try Toolchain.find(environment: environment, fileSystem: fileSystem),
            products: MacroExpansionCache(
                folder: macroExpansions ?? URL(fileURLWithPath: home).appendingPathComponent(".cache/didojo/macro-expansions"),
                fileSystem: fileSystem
            ).routing(try BuildProducts.beside(executable: testProgram, fileSystem: fileSystem)),
            launcher: launcher,
            fileSystem: fileSystem,
            scratchFolder: scratch ?? FileManager.default.temporaryDirectory.appendingPathComponent("didojo-tests"),
            moduleCache: URL(fileURLWithPath: home).appendingPathComponent(".cache/didojo/module-cache"),
            stepCache: stepCache ?? URL(fileURLWithPath: home).appendingPathComponent(".cache/didojo/compiled-steps"),
            environment: environment,
            settings: settings
        )
    }

    /// Checks `source` as the learner's file for `exercise`, with everything the check keeps
    /// (scratch, compiled steps, macro expansions) in `folder`, shared by a test's checks only.
    public static func check(
        _ source: String, as exercise: Exercise, in folder: URL, launcher: any ProcessLaunching = ChildProcessLauncher()
    ) async throws -> CheckReport {
        let file = folder.appendingPathComponent("learner/\(exercise.fileName)")
        try LocalFileSystem().write(source, to: file)
        return try await make(
            scratch: folder.appendingPathComponent("scratch"), stepCache: folder.appendingPathComponent("steps"),
            macroExpansions: folder.appendingPathComponent("macro-expansions"), launcher: launcher
        ).check(exercise, source: file)
    }
}
