import ChildProcess
import DojoCore
import Foundation

/// The program that runs a check's tests, `Exercise.xctest` (see `CompileStep` and
/// `TestMainGenerator`): built once, since it is the same for every exercise, then started for
/// each check while the code compiles, confined, behind a gate that the check opens when the
/// libraries it loads are ready.
struct ChecksProgram: Sendable {
    let steps: CompiledSteps
    let launcher: any ProcessLaunching
    let fileSystem: any FileSystem
    /// Passed on to the program (PATH, HOME…), with what the check adds.
    let environment: [String: String]
    let settings: CheckSettings
    /// The program once built or found, and the builds under way, for every checker of this
    /// process (see `ProgramBuilds`).
    private static let builds = ProgramBuilds()

    /// What became of the program.
    enum Run {
        case ran(ChildProcessResult)
        /// It could not be built (`.failed`), or the check ended before it started.
        case notStarted(CompiledSteps.StepResult)
    }

    /// Where the program is, or why there is none.
    private typealias Program = ProgramBuilds.Outcome

    /// Builds the program (or finds it in the cache), starts it behind `gate` in the check's
    /// `folder`, and returns when it has ended.
    ///
    /// - Parameter yielding: whether it runs at a lower priority (see `ChildProcessRequest.niceness`).
    func start(
        in folder: URL, results: URL, tokens: ResultTokens, runOnly: [String], gate: ChildProcessGate, yielding: Bool = false
    ) async throws -> Run {
        let program: URL
        let fileSystem = self.fileSystem
        let found = try await Self.builds.program(kept: steps.cache.location, exists: { fileSystem.fileExists(at: $0) }) {
            let hostFolder = folder.appendingPathComponent(CompileStep.hostFolder)
            try fileSystem.createDirectory(at: hostFolder)
            return try await build(in: hostFolder)
        }
        switch found {
        case .built(let built): program = built
        case .notBuilt(let step): return .notStarted(step)
        }
        guard !gate.isAbandoned, !Task.isCancelled else { return .notStarted(.cancelled) }
        var request = request(program: program, results: results, tokens: tokens, runOnly: runOnly, in: folder, gate: gate)
        // Lower still than the checker's readings of the learner's file, which a check awaits.
        request.niceness = yielding ? OffThePool.lowerPriority * 2 : 0
        return .ran(try await launcher.run(request))
    }

    /// The program, run where the cache keeps it. It is never copied out first: a copy this
    /// process writes could be open for writing in a child another thread is just starting,
    /// and the kernel refuses to run a file that is open for writing ("Text file busy").
    private func build(in folder: URL) async throws -> Program {
        let source = folder.appendingPathComponent(CompileStep.hostSourceFile)
        try fileSystem.writeReplaceable(TestMainGenerator.hostSource, to: source)
        let moduleKey = try await steps.key(for: .checkHostModule, inputs: [source], in: folder)
        let programKey = try await steps.key(for: .checkHost, after: moduleKey)
        if let kept = steps.cache.file(CompileStep.programName, for: programKey) { return .built(kept) }
        let module = try await steps.build(.checkHostModule, key: moduleKey, in: folder) { [source] }
        guard module == .built else { return .notBuilt(module) }
        let program = try await steps.build(.checkHost, key: programKey, in: folder) {
            [folder.appendingPathComponent(CompileStep.hostObject)]
        }
        guard program == .built else { return .notBuilt(program) }
        // Written by the linker, a process of its own that has ended, so nothing here holds it.
        return .built(steps.cache.file(CompileStep.programName, for: programKey) ?? folder.appendingPathComponent(CompileStep.programName))
    }

    private func request(
        program: URL, results: URL, tokens: ResultTokens, runOnly: [String], in folder: URL, gate: ChildProcessGate
    ) -> ChildProcessRequest {
        var environment = self.environment
        environment[TestMainGenerator.onlyVariable] = runOnly.joined(separator: " ")
        // Both are taken out of the environment by the program as it starts, before the
        // learner's code is even loaded (see `TestMainGenerator`).
        environment[TestMainGenerator.resultsVariable] = results.path
        environment[ResultTokens.variable] = tokens.environmentValue
        // The checks post to a timeline of their own, never to the learner's.
        environment["DIDOJO_TIMELINE"] = folder.appendingPathComponent("timeline.txt").path
        // Swift's backtracer writes where a crash happened to a file for the checker (see
        // `CrashBacktrace`), rather than raw addresses into the learner's output.
        environment["SWIFT_BACKTRACE"] = CrashBacktrace.settings(writingTo: folder.appendingPathComponent(CrashBacktrace.fileName))
        // Temporary files go where the learner's code may write: its own folder.
        environment["TMPDIR"] = folder.path
        return ChildProcessRequest(
            executable: program.path, arguments: [], environment: environment, workingDirectory: folder.path,
            timeout: settings.timeout, outputLimit: settings.outputLimit, memoryLimit: settings.memoryLimit, gate: gate,
            confinement: confinement(program: program, folder: folder)
        )
    }

    /// What the learner's code may touch while the checks run: the system's libraries, the
    /// toolchain's runtime, the lesson library and the program that runs the checks, to read;
    /// the check's own folder (where its code was linked, and the results are written), to
    /// write. Not the workspace (the learner's file was compiled from there, and is not
    /// needed to run), not the lessons (their solutions), not `$HOME`, not other checks.
    private func confinement(program: URL, folder: URL) -> Confinement? {
        guard settings.confined else { return nil }
        let toolchainRoot = steps.toolchain.swiftc.resolvingSymlinksInPath().deletingLastPathComponent().deletingLastPathComponent()
        return Confinement(
            readable: Confinement.systemReadable + [
                toolchainRoot.path,
                steps.products.library.resolvingSymlinksInPath().deletingLastPathComponent().path,
                program.resolvingSymlinksInPath().path,
            ],
            writable: [folder.resolvingSymlinksInPath().path]
        )
    }
}
