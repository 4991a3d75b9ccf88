import DojoCatalog
import Foundation
import TestHostProtocol

/// The four steps that turn an exercise into a program the checker can run.
///
/// A check is built as two modules instead of one, so that the part that rarely changes is
/// compiled rarely:
/// - `Exercise`: the code under test. The learner's file (with the exercise's support files)
///   for an implementation exercise; the given subject for a test-writing one.
/// - `ExerciseChecks`: the tests and the generated entry point, which see `Exercise` as if they were
///   inside it (`@testable`, imported into every file by the compiler, so the lesson's files
///   need no import line of their own).
///
/// `ExerciseChecks` depends only on `Exercise`'s interface. A learner who changes what a
/// function does, and not what it is called, leaves that interface as it was, so the checks
/// compiled last time are used again as they are.
///
/// The same holds for linking. `Exercise` becomes a small shared library, `libExercise.so`,
/// and the checks are linked against it into a second one, `libExerciseChecks.so`, which finds
/// it beside itself. The checks need from it only the names they use, which come with the
/// interface, so the checks linked last time run the new library as they are. A check after
/// an edit then compiles one small file and links one small library.
///
/// The program that runs them, didojo-test-host, is the same for every exercise, and built
/// with the shell: it loads XCTest, Foundation and the lesson library, waits, then loads the
/// checks. It is started while the learner's code compiles, so its start-up is off the
/// learner's clock.
enum CompileStep: String, Sendable, CaseIterable {
    case exerciseModule
    case exerciseLibrary
    case checksModule
    case link

    static let exerciseModuleName = "Exercise"
    static let checksModuleName = "ExerciseChecks"

    /// The interface of the code under test, which the checks are compiled against.
    static let exerciseInterface = "\(exerciseModuleName).swiftmodule"
    /// Re-exports what the code under test imports (see `ImportDiscovery`); generated, and
    /// kept with the `Exercise` module it is part of.
    static let reexportsFile = "Reexports.swift"
    /// What the two module steps compile to.
    static let exerciseObject = "\(exerciseModuleName).o"
    static let checksObject = "\(checksModuleName).o"
    /// The code under test, linked on its own; the checks find it beside themselves.
    static let exerciseLibraryFile = "lib\(exerciseModuleName).so"
    /// The checks, linked against the code under test; the program loads them when it may go on.
    static let checksLibraryFile = TestHostProtocol.checksLibraryFile
    /// The libraries the program loads as it starts, besides the lesson library: what its
    /// source imports (Foundation, XCTest, Glibc) links, with the C library's parts that glibc
    /// 2.34 and later keep in `libc.so.6` itself. The checks' library may leave its symbols to
    /// be found in these (see `LeanLibraryLink`); ProgramLibrariesTests holds the list against
    /// the program as built.
    static let programLibraries: Set<String> = [
        "swiftSwiftOnoneSupport", "swiftCore", "swift_Concurrency", "swift_StringProcessing", "swift_RegexParser",
        "swiftGlibc", "BlocksRuntime", "dispatch", "swiftDispatch",
        "Foundation", "FoundationEssentials", "FoundationInternationalization", "XCTest",
        "m", "pthread", "util", "dl", "rt",
    ]

    /// What the step writes into the check's folder (the files a cache entry keeps).
    var outputs: [String] {
        switch self {
        case .exerciseModule: [Self.exerciseObject, Self.exerciseInterface, Self.reexportsFile]
        case .exerciseLibrary: [Self.exerciseLibraryFile]
        case .checksModule: [Self.checksObject]
        case .link: [Self.checksLibraryFile]
        }
    }

    /// The extension of the step's inputs: Swift files to compile, objects to link.
    var inputExtension: String {
        switch self {
        case .exerciseModule, .checksModule: "swift"
        case .exerciseLibrary, .link: "o"
        }
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
            // Swift 5 mode keeps the exercises about DI rather than strict concurrency; a lesson
            // that teaches concurrency asks for 6 (see `CompilingChecker.compilerFlags(of:)`).
            "-swift-version", "5",
            "-Onone",
            // Debug information, so that a crash can be placed at the learner's file and line
            // (see `CrashBacktrace`); full, as SwiftPM's debug build has it: clang's modules
            // are cached by a hash of how they are compiled, the debug information included,
            // and this is what lets a check use the modules `swift build` already built (see
            // `BuildProducts.moduleCache(or:)`). Line tables alone would save nothing measurable.
            "-g",
            "-diagnostic-style=llvm",
            // LLVM's IR verifier checks the compiler's own output, which is for the people who
            // work on the compiler; it is about a twentieth of compiling a learner's file.
            "-Xfrontend", "-disable-llvm-verify",
            "-module-cache-path", moduleCache.path,
        ] + products.moduleFlags
        switch self {
        case .exerciseModule:
            let module = Self.exerciseModuleName
            return compiling + [
                "-module-name", module, "-parse-as-library", "-enable-testing",
                // The libraries its imports need are the program's to load: the checks
                // re-export the same imports. Without them, `libExercise.so` links in a
                // fraction of the time.
                "-Xfrontend", "-disable-all-autolinking",
                // The module interface comes out of the same compiler process as the object,
                // rather than from a second one that type-checks everything again.
                "-emit-module", "-no-emit-module-separately-wmo",
                "-emit-module-path", "\(folder)/\(Self.exerciseInterface)",
            ] + inputs + ["-o", "\(folder)/\(Self.exerciseObject)"]
        case .checksModule:
            return compiling + [
                // The entry point is a function the program calls, not a main of its own.
                "-module-name", Self.checksModuleName, "-parse-as-library",
                "-I", folder,
                "-Xfrontend", "-testable-import-module", "-Xfrontend", Self.exerciseModuleName,
            ] + inputs + ["-o", "\(folder)/\(Self.checksObject)"]
        case .exerciseLibrary:
            // Named by its file name alone (the soname), so that the program records that name
            // and not this check's folder, which is gone by the next check. The library needs
            // no lesson library of its own: the program has loaded it by the time this loads.
            return toolchain.linkerFlags + [
                "-emit-library", "-module-name", Self.exerciseModuleName,
                "-Xlinker", "-soname", "-Xlinker", Self.exerciseLibraryFile,
            ] + inputs + ["-o", "\(folder)/\(Self.exerciseLibraryFile)"]
        case .link:
            return toolchain.linkerFlags + products.linkFlags + [
                "-emit-library", "-module-name", Self.checksModuleName,
                "-Xlinker", "-soname", "-Xlinker", Self.checksLibraryFile,
            ] + inputs + [
                "\(folder)/\(Self.exerciseLibraryFile)", "-Xlinker", "-rpath", "-Xlinker", "$ORIGIN",
                "-o", "\(folder)/\(Self.checksLibraryFile)",
            ]
        }
    }
}
