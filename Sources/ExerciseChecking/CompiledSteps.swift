import ChildProcess
import DojoCore
import DojoGrading
import Foundation

/// A check's compile steps (see `CompileStep`): each runs the compiler on what it is given,
/// unless the cache holds its outputs for a key that spells out everything they depend on.
struct CompiledSteps: Sendable {
    let compiler: SwiftCompiler
    let cache: CompiledStepCache
    let toolchain: Toolchain
    let products: BuildProducts
    let fileSystem: any FileSystem
    let trace: PhaseTrace

    /// How a compile step ended.
    enum StepResult: Equatable {
        case built
        case cancelled
        case failed([CompilerDiagnostic])
    }

    /// Runs `step` on the inputs `prepare` writes and returns, or takes its outputs from the
    /// cache when nothing its `key` spells out has changed.
    ///
    /// - Parameters:
    ///   - niceness: how much lower than the checker's the compiler's priority is.
    ///   - exerciseID: the exercise whose learner's code the step compiles, when it does (see
    ///     `SwiftCompiler.run`).
    func build(
        _ step: CompileStep, key: CacheKey, in folder: URL, flags: [String] = [], niceness: Int32 = 0,
        learnersCompileOf exerciseID: String? = nil, prepare: () throws -> [URL]
    ) async throws -> StepResult {
        if restore(step, key: key, into: folder) {
            if exerciseID != nil { compiler.earlyCompileNotNeeded() }
            return .built
        }
        trace.mark("\(step) to build")
        let inputs = try prepare()
        trace.mark("\(step) inputs written")
        let result = try await compiler.run(
            step, inputs: inputs, in: folder, compilerFlags: flags, niceness: niceness, learnersCompileOf: exerciseID)
        if result.cancelled { return .cancelled }
        guard result.termination == .exited(0) else {
            // Explained once the whole report is known (see `CompilingChecker.inLearnersTerms`).
            let errors = CompilerOutput.diagnostics(in: result.standardError + "\n" + result.standardOutput)
                .filter { $0.severity == .error }
            // An error in a generated file (an import that fails in the re-exports) repeats
            // one in the learner's file, which is the one worth showing.
            let inLessonOrLearnerFiles = errors.filter { !$0.file.hasPrefix(folder.path + "/") }
            let diagnostics = inLessonOrLearnerFiles.isEmpty ? errors : inLessonOrLearnerFiles
            return .failed(diagnostics.isEmpty ? [Self.unparsedCompilerFailure(result)] : diagnostics)
        }
        cache.store(step.outputs, for: key, from: folder)
        return .built
    }

    /// Copies `step`'s outputs for `key` from the cache into `folder`, when it has them.
    func restore(_ step: CompileStep, key: CacheKey, into folder: URL) -> Bool {
        guard cache.restore(step.outputs, for: key, into: folder) else { return false }
        trace.mark("\(step) kept")
        return true
    }

    /// Everything a step's outputs depend on, spelled out: its commands (compiler, flags,
    /// lesson modules), when the compiler and the lesson library were last built, each input's
    /// path and text, and the interface it compiles against. Inputs written into the check's
    /// own folder (the generated files) count by name, since that folder is new every time;
    /// so do `made`, files to be written there only if the step must run (their text is known).
    func key(
        for step: CompileStep, inputs: [URL], made: [CheckProgramRequest.GeneratedFile] = [], in folder: URL,
        interface: Data = Data(), flags: [String] = []
    ) async throws -> CacheKey {
        var key = try await key(for: step, after: CacheKey("didojo compile step, version 3"))
        key.add(builtFile: toolchain.swiftc.resolvingSymlinksInPath(), fileSystem: fileSystem)
        key.add(builtFile: products.library, fileSystem: fileSystem)
        let inFolder = folder.path + "/"
        for input in inputs {
            key.add(input.path.hasPrefix(inFolder) ? String(input.path.dropFirst(inFolder.count)) : input.path)
            key.add(try fileSystem.contents(of: input))
        }
        for file in made {
            key.add(file.name)
            key.add(Data(file.text.utf8))
        }
        key.add(interface)
        key.add(flags.joined(separator: "\u{0}"))
        return key
    }

    /// The key of a step whose input is what the step keyed `previous` made: that key, and
    /// this step's commands.
    func key(for step: CompileStep, after previous: CacheKey) async throws -> CacheKey {
        var key = previous
        key.add(step.rawValue)
        for command in try await compiler.plan(for: step).commands {
            key.add(([command.executable] + command.arguments).joined(separator: "\u{0}"))
        }
        return key
    }

    private static func unparsedCompilerFailure(_ result: ChildProcessResult) -> CompilerDiagnostic {
        let text = (result.standardError + result.standardOutput).trimmingCharacters(in: .whitespacesAndNewlines)
        let message = result.timedOut
            ? "the compiler took too long and was stopped"
            : (text.isEmpty ? "the compiler failed (\(result.termination.description))" : text)
        return CompilerDiagnostic(file: "", line: 0, column: 0, severity: .error, message: message)
    }
}
