import ChildProcess
import DojoCore
import Foundation
import TestHostProtocol

/// The program that runs a check's tests, `didojo-test-host` (see its main.swift), a product
/// of the build beside the lesson library: the same for every exercise, started for each check
/// while the code compiles, confined, behind a gate that the check opens when the libraries it
/// loads are ready.
struct ChecksProgram: Sendable {
    let steps: CompiledSteps
    let launcher: any ProcessLaunching
    let fileSystem: any FileSystem
    /// Passed on to the program (PATH, HOME…), with what the check adds.
    let environment: [String: String]
    let settings: CheckSettings

    /// What became of the program.
    enum Run {
        case ran(ChildProcessResult)
        /// The check ended before it started.
        case notStarted(CompiledSteps.StepResult)
    }

    /// Starts the program behind `gate` in the check's `folder`, and returns when it has ended.
    ///
    /// - Parameters:
    ///   - lessonLibrary: the lesson library it loads before its gate (see
    ///     `BuildProducts.library(forImports:fileSystem:)`); the whole one when not given.
    ///   - server: the fork server to run it in (see `serve(in:connection:lessonLibrary:)`),
    ///     which loaded the lesson library already: the run is a fork of it, behind the gate.
    func start(
        in folder: URL, results: URL, tokens: ResultTokens, runOnly: [String], plantedBug: Int = 0, gate: ChildProcessGate,
        lessonLibrary: URL? = nil, server: ForkServerConnection? = nil
    ) async throws -> Run {
        guard !gate.isAbandoned, !Task.isCancelled else { return .notStarted(.cancelled) }
        var request = request(
            program: asATestBundle(), results: results, tokens: tokens, runOnly: runOnly, plantedBug: plantedBug, in: folder, gate: gate,
            lessonLibrary: lessonLibrary ?? steps.products.library)
        if let server {
            // The server has the rest of the environment, and the library loaded.
            request.forkServer = server
            request.environment = request.environment.filter { Self.variablesOfARun.contains($0.key) }
        }
        return .ran(try await launcher.run(request))
    }

    /// Runs the program as a fork server in `folder` (see `cchildprocess_fork_server.c`): it
    /// loads XCTest, Foundation and `lessonLibrary` once, and each run given `connection`
    /// is a fork of it, in a folder inside `folder`. Returns when the server has ended: when the
    /// connection is closed, or the task cancelled.
    func serve(in folder: URL, connection: ForkServerConnection, lessonLibrary: URL) async throws -> ChildProcessResult {
        let program = asATestBundle()
        var environment = self.environment
        environment[TestHostProtocol.lessonLibraryVariable] = lessonLibrary.path
        environment[TestHostProtocol.forkServerVariable] = "1"
        // A crash of a run is reported where it ran, in its own folder: the runtime reads the
        // setting once, in the server, and the run's working folder is its own.
        environment["SWIFT_BACKTRACE"] = CrashBacktrace.settings(writingTo: CrashBacktrace.fileName)
        environment["TMPDIR"] = folder.path
        var request = ChildProcessRequest(
            executable: program.path, arguments: [], environment: environment, workingDirectory: folder.path,
            memoryLimit: settings.memoryLimit, confinement: confinement(program: program, folder: folder)
        )
        request.inputDescriptor = connection.serverEnd
        return try await launcher.run(request)
    }

    /// What a run of a fork server is given of its request's environment: what differs from run
    /// to run (the rest is the server's).
    private static let variablesOfARun: Set<String> = [
        TestHostProtocol.onlyVariable, TestHostProtocol.resultsVariable, TestHostProtocol.tokensVariable,
        TestHostProtocol.plantedBugVariable, "DIDOJO_TIMELINE", "TMPDIR",
    ]

    /// The build's program under the name it runs by, `Exercise.xctest`: kept in the step cache
    /// for each build of it (see `CompiledStepCache.store(linkOrCopyOf:as:for:)`). Named like a
    /// test bundle, as `swift test` runs one, so that libraries that ask "am I under test?"
    /// answer as they would there: swift-dependencies then picks its test context, and an issue
    /// it reports is a failure of the check running. They ask Foundation, whose
    /// `ProcessInfo.arguments` names the program by its file (`/proc/self/exe`), whatever name
    /// it was started with.
    ///
    /// Run where the cache keeps it, never copied into the check's folder: a copy made there for
    /// each run would be open for writing while other children start, and the kernel refuses
    /// to run a file that is open for writing anywhere ("Text file busy").
    private func asATestBundle() -> URL {
        let host = steps.products.testHost
        var key = CacheKey("didojo test host as a test bundle, version 1")
        key.add(builtFile: host, fileSystem: fileSystem)
        if let kept = steps.cache.file(TestHostProtocol.programName, for: key) { return kept }
        steps.cache.store(linkOrCopyOf: host, as: TestHostProtocol.programName, for: key)
        // A cache that cannot keep it (read-only, full): the program as built, whose name says
        // nothing of tests, rather than no check at all.
        return steps.cache.file(TestHostProtocol.programName, for: key) ?? host
    }

    private func request(
        program: URL, results: URL, tokens: ResultTokens, runOnly: [String], plantedBug: Int, in folder: URL, gate: ChildProcessGate,
        lessonLibrary: URL
    ) -> ChildProcessRequest {
        var environment = self.environment
        environment[TestHostProtocol.onlyVariable] = runOnly.joined(separator: " ")
        environment[TestHostProtocol.plantedBugVariable] = String(plantedBug)
        // All five are taken out of the environment by the program as it starts, before the
        // learner's code is even loaded (see didojo-test-host).
        environment[TestHostProtocol.resultsVariable] = results.path
        environment[TestHostProtocol.tokensVariable] = tokens.environmentValue
        environment[TestHostProtocol.lessonLibraryVariable] = lessonLibrary.path
        // The checks post to a timeline of their own, never to the learner's.
        environment["DIDOJO_TIMELINE"] = folder.appendingPathComponent("timeline.txt").path
        // Swift's backtracer writes where a crash happened to a file for the checker (see
        // `CrashBacktrace`), rather than raw addresses into the learner's output.
        environment["SWIFT_BACKTRACE"] = CrashBacktrace.settings(writingTo: folder.appendingPathComponent(CrashBacktrace.fileName).path)
        // Temporary files go where the learner's code may write: its own folder.
        environment["TMPDIR"] = folder.path
        var request = ChildProcessRequest(
            executable: program.path, arguments: [], environment: environment, workingDirectory: folder.path,
            timeout: settings.timeout, outputLimit: settings.outputLimit, memoryLimit: settings.memoryLimit, gate: gate,
            confinement: confinement(program: program, folder: folder)
        )
        request.reportedEnd = TestHostEndLine.reportedEnd(for: tokens)
        return request
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
