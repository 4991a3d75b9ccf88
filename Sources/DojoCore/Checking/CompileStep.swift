import Foundation

/// The three steps that turn an exercise into a program the checker can run.
///
/// A check is built as two modules instead of one, so that the part that rarely changes is
/// compiled rarely:
/// - `Exercise`: the code under test. The learner's file (with the exercise's support files)
///   for an implementation exercise; the given subject for a test-writing one.
/// - `ExerciseChecks`: the tests and the generated main, which see `Exercise` as if they were
///   inside it (`@testable`, imported into every file by the compiler, so the lesson's files
///   need no import line of their own).
///
/// `ExerciseChecks` depends only on `Exercise`'s interface. A learner who changes what a
/// function does, and not what it is called, leaves that interface as it was, so the checks
/// compiled last time are linked again as they are: a check then compiles one small file.
public enum CompileStep: String, Sendable, CaseIterable {
    case exerciseModule
    case checksModule
    case link

    public static let exerciseModuleName = "Exercise"
    public static let checksModuleName = "ExerciseChecks"
    /// Named like a test bundle, so libraries that ask "am I under test?" (swift-dependencies
    /// picks its test context, issue reports become test failures) answer as under `swift test`.
    public static let programName = "Exercise.xctest"

    /// The interface of the code under test, which the checks are compiled against.
    public static let exerciseInterface = "\(exerciseModuleName).swiftmodule"
    /// Re-exports what the code under test imports (see `ImportDiscovery`); generated, and
    /// kept with the `Exercise` module it is part of.
    public static let reexportsFile = "Reexports.swift"
    /// What the two module steps compile to, and `link` puts together.
    public static let exerciseObject = "\(exerciseModuleName).o"
    public static let checksObject = "\(checksModuleName).o"

    /// What the step writes into the check's folder (the files a cache entry keeps).
    public var outputs: [String] {
        switch self {
        case .exerciseModule: [Self.exerciseObject, Self.exerciseInterface, Self.reexportsFile]
        case .checksModule: [Self.checksObject]
        case .link: [Self.programName]
        }
    }

    /// The extension of the step's inputs: Swift files to compile, objects to link.
    public var inputExtension: String {
        self == .link ? "o" : "swift"
    }

    /// The `swiftc` arguments for the step, with inputs and outputs in `folder`.
    func driverArguments(
        folder: String, inputs: [String], toolchain: Toolchain, products: BuildProducts, moduleCache: URL
    ) -> [String] {
        let compiling = [
            "-c",
            // One compiler process for all the files: without it the driver starts one per
            // file, and each loads XCTest, Foundation and the lesson modules all over again.
            "-wmo",
            // Swift 5 mode keeps the exercises about DI rather than strict concurrency.
            "-swift-version", "5",
            "-Onone",
            "-diagnostic-style=llvm",
            "-module-cache-path", moduleCache.path,
        ] + products.moduleFlags
        switch self {
        case .exerciseModule:
            let module = Self.exerciseModuleName
            return compiling + [
                "-module-name", module, "-parse-as-library", "-enable-testing",
                // The module interface comes out of the same compiler process as the object,
                // rather than from a second one that type-checks everything again.
                "-emit-module", "-no-emit-module-separately-wmo",
                "-emit-module-path", "\(folder)/\(Self.exerciseInterface)",
            ] + inputs + ["-o", "\(folder)/\(Self.exerciseObject)"]
        case .checksModule:
            return compiling + [
                "-module-name", Self.checksModuleName,
                "-I", folder,
                "-Xfrontend", "-testable-import-module", "-Xfrontend", Self.exerciseModuleName,
            ] + inputs + ["-o", "\(folder)/\(Self.checksObject)"]
        case .link:
            return toolchain.linkerFlags + products.linkFlags + inputs + ["-o", "\(folder)/\(Self.programName)"]
        }
    }
}
