import DojoCatalog
import DojoCore
import Foundation

/// Writes the file an editor's Swift language server reads, so that an exercise file opened
/// in VS Code, Neovim or any editor with sourcekit-lsp has completion and the compiler's own
/// errors, instead of "no such module 'Domain'".
///
/// The workspace is not a SwiftPM package, so sourcekit-lsp cannot ask SwiftPM how a file is
/// compiled. For such a folder it reads a JSON compilation database, `compile_commands.json`,
/// at the folder's root (the format clang tools use: one entry per file, with the compiler's
/// command line). The entries here compile each exercise as the checker compiles its code
/// under test: in a module named `Exercise`, in Swift 5 mode, as a library, against the built
/// lesson modules (their folder, the C module maps they need, the macro plugin), together with
/// the exercise's support files; for a test-writing exercise, with the subject the tests run
/// against as well (the checker compiles the learner's tests in a second module that imports
/// the subject `@testable`, which sees the same names).
///
/// The commands name absolute paths (the checkout's build folder, its Lessons folder), so the
/// file is written again whenever they may have changed: a checkout moved or cloned anew, a
/// rebuild, new exercises. Working out the commands means listing the build folder, which
/// would cost start-up a few milliseconds every time; so what they are made from is stamped
/// (see `update`), and while the stamp holds, nothing is worked out at all.
package struct EditorSupportFiles: Sendable {
    package static let compilationDatabaseName = "compile_commands.json"
    /// What the checker names the module of the code under test (`CompileStep.exerciseModuleName`).
    package static let exerciseModuleName = "Exercise"

    /// How each exercise is compiled, apart from its files.
    package struct BuildSettings: Sendable, Equatable {
        /// The compiler the checker runs. It comes first in every command, and sourcekit-lsp
        /// picks the toolchain it uses for a file by it: the one the lesson modules were built with.
        package let compiler: URL
        /// The flags that make the lesson modules importable (the checker's `BuildProducts.moduleFlags`,
        /// with the real macro plugins rather than the checker's caching stand-ins).
        package let moduleFlags: [String]

        package init(compiler: URL, moduleFlags: [String]) {
            self.compiler = compiler
            self.moduleFlags = moduleFlags
        }
    }

    package let workspace: Workspace
    private let fileSystem: any FileSystem

    package init(workspace: Workspace, fileSystem: any FileSystem) {
        self.workspace = workspace
        self.fileSystem = fileSystem
    }

    package var compilationDatabase: URL {
        workspace.root.appendingPathComponent(Self.compilationDatabaseName)
    }

    /// What the database was last written from (see `update`), in the tutor's own folder.
    package var stampFile: URL {
        workspace.stateFolder.appendingPathComponent("editor-support-stamp")
    }

    /// Whether the database is there and was last written from `buildStamp` for this
    /// workspace, whatever exercises it covers: what lets `didojo check` leave it alone
    /// without loading every lesson to ask `update`.
    package func isCurrent(buildStamp: String) -> Bool {
        guard fileSystem.fileExists(at: compilationDatabase), let written = try? fileSystem.contents(of: stampFile) else { return false }
        // Compared as Data, in one piece: `starts(with:)` and `Data(_: String.UTF8View)` are
        // generic, and their first use in an unoptimised module cost `didojo check` a third of
        // a millisecond, most of it the runtime looking their conformances up.
        let expected = Data(Array("\(buildStamp)\n\(workspace.root.path)\n".utf8))
        return written.count >= expected.count && written.prefix(expected.count) == expected
    }

    /// Writes the compilation database for `exercises`, unless it was written from the same
    /// `buildStamp` and the same exercise files and is still there. Returns whether it wrote.
    ///
    /// - Parameters:
    ///   - buildStamp: a cheap description of everything `settings` depends on (the compiler's
    ///     path, the build folder's path and modification time, which changes whenever a build
    ///     adds or replaces a file in it).
    ///   - settings: works the build settings out; asked only when the database is written.
    @discardableResult
    package func update(
        for exercises: [Exercise], buildStamp: String, settings: () throws -> BuildSettings
    ) throws -> Bool {
        // Spelled out from paths the exercises hold, without building a URL per file.
        var stamp = "\(buildStamp)\n\(workspace.root.path)"
        for exercise in exercises {
            stamp += "\n\(workspace.relativePath(for: exercise)) swift \(exercise.languageMode)"
            for file in lessonFiles(of: exercise) { stamp += " " + file.path }
        }
        if fileSystem.fileExists(at: compilationDatabase), (try? fileSystem.contents(of: stampFile)) == Data(stamp.utf8) {
            return false
        }
        let wanted = try compilationDatabaseContents(for: exercises, settings: try settings())
        if (try? fileSystem.contents(of: compilationDatabase)) != wanted {
            try fileSystem.write(wanted, to: compilationDatabase)
        }
        try fileSystem.write(stamp, to: stampFile)
        return true
    }

    /// The database for `exercises`: one entry per Swift file of each, with the whole module's
    /// command (see `files(of:)`).
    package func compilationDatabaseContents(for exercises: [Exercise], settings: BuildSettings) throws -> Data {
        var entries: [Entry] = []
        for exercise in exercises {
            let files = files(of: exercise)
            let arguments = [settings.compiler.path] + exerciseFlags(of: exercise) + settings.moduleFlags + files.map(\.path)
            entries += files.map { Entry(directory: workspace.root.path, file: $0.path, arguments: arguments) }
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(entries)
    }

    /// The files compiled as one module for `exercise`: the learner's file first, then the
    /// lesson's files compiled with it.
    package func files(of exercise: Exercise) -> [URL] {
        [workspace.file(for: exercise)] + lessonFiles(of: exercise)
    }

    /// The lesson's files compiled with the learner's: the subject of a test-writing exercise,
    /// and the support files.
    private func lessonFiles(of exercise: Exercise) -> [URL] {
        (exercise.kind == .test ? exercise.subject : []) + exercise.support
    }

    /// How the checker compiles the code under test (see `CompileStep.driverArguments`), less
    /// what only matters for the objects it makes.
    private func exerciseFlags(of exercise: Exercise) -> [String] {
        ["-module-name", Self.exerciseModuleName, "-swift-version", String(exercise.languageMode), "-parse-as-library"]
    }

    /// One command of a JSON compilation database (https://clang.llvm.org/docs/JSONCompilationDatabase.html).
    struct Entry: Codable, Equatable {
        let directory: String
        let file: String
        let arguments: [String]
    }
}
