import ChildProcess
import Foundation

/// Compiles a learner's file together with an exercise's checks, runs them, and reports.
///
/// Both steps run as child processes: `swiftc`, then the test program. The learner's program
/// runs under a time limit (the whole process tree is killed), an output cap and a memory
/// limit, so nothing it does can take the tutor down.
public struct ExerciseChecker: Sendable {
    public enum Phase: Sendable {
        case compiling, running
        /// A test-writing exercise's tests are being run against the mutants.
        case mutants
    }

    private let toolchain: Toolchain
    private let products: BuildProducts
    private let launcher: any ProcessLaunching
    private let fileSystem: any FileSystem
    private let scratchFolder: URL
    private let moduleCache: URL
    private let environment: [String: String]
    public let settings: CheckSettings

    /// - Parameters:
    ///   - scratchFolder: where each check gets a temporary folder of its own.
    ///   - moduleCache: kept between checks, so that only the first check pays for building
    ///     the clang module cache.
    ///   - environment: passed on to the compiler and the checks (PATH, HOME…).
    public init(
        toolchain: Toolchain, products: BuildProducts, launcher: any ProcessLaunching, fileSystem: any FileSystem,
        scratchFolder: URL, moduleCache: URL, environment: [String: String], settings: CheckSettings = CheckSettings()
    ) {
        self.toolchain = toolchain
        self.products = products
        self.launcher = launcher
        self.fileSystem = fileSystem
        self.scratchFolder = scratchFolder
        self.moduleCache = moduleCache
        self.environment = environment
        self.settings = settings
    }

    /// Checks `source` (the learner's file, or a starter or solution) against the exercise.
    ///
    /// - Throws: only for problems outside the learner's code (no compiler, a lesson whose
    ///   checks hold no tests); everything the learner's code does ends up in the report.
    public func check(
        _ exercise: Exercise,
        source: URL,
        isCancelled: @escaping @Sendable () -> Bool = { false },
        onPhase: @escaping @Sendable (Phase) -> Void = { _ in }
    ) async throws -> CheckReport {
        switch exercise.kind {
        case .implement:
            let testCases = TestCaseDiscovery.testCases(in: try fileSystem.text(of: exercise.checks))
            guard !testCases.isEmpty else { throw DojoError.noChecksFound(path: exercise.checks.path) }
            return try await compileAndRun(
                exerciseID: exercise.id, sources: [source, exercise.checks] + exercise.support,
                testCases: testCases, isCancelled: isCancelled, onPhase: onPhase
            )
        case .test:
            return try await checkTests(of: exercise, source: source, isCancelled: isCancelled, onPhase: onPhase)
        }
    }

    /// A test-writing exercise: the learner's tests must pass against the subject, then fail
    /// against every mutant.
    private func checkTests(
        of exercise: Exercise, source: URL, isCancelled: @escaping @Sendable () -> Bool, onPhase: @escaping @Sendable (Phase) -> Void
    ) async throws -> CheckReport {
        let started = ContinuousClock.now
        let learnerTests = TestCaseDiscovery.testCases(in: (try? fileSystem.text(of: source)) ?? "")
        guard !learnerTests.isEmpty else {
            return CheckReport(exerciseID: exercise.id, outcome: .noTestsWritten, duration: started.duration(to: .now))
        }
        let extraChecks = exercise.hasChecks ? TestCaseDiscovery.testCases(in: try fileSystem.text(of: exercise.checks)) : []
        var onSubject = try await compileAndRun(
            exerciseID: exercise.id,
            sources: [source] + exercise.subject + (exercise.hasChecks ? [exercise.checks] : []) + exercise.support,
            testCases: learnerTests + extraChecks, isCancelled: isCancelled, onPhase: onPhase
        )
        onSubject.learnerTestClasses = Set(learnerTests.map(\.className))
        guard onSubject.passed else { return onSubject }

        onPhase(.mutants)
        // Two at a time: each is a compile and a run, and classroom laptops have few cores.
        let finished = try await exercise.mutants.concurrentMap(limit: 2) { mutant in
            let report = try await compileAndRun(
                exerciseID: exercise.id, sources: [source] + mutant.apply(to: exercise.subject) + exercise.support,
                testCases: learnerTests, isCancelled: isCancelled, onPhase: { _ in }
            )
            return MutantResult(mutant: mutant, report: report)
        }
        let outcome: CheckReport.Outcome
        if finished.contains(where: { $0.report.outcome == .cancelled }) {
            outcome = .cancelled
        } else if finished.contains(where: { !$0.caught }) {
            outcome = .mutantsSurvived
        } else {
            outcome = .passed
        }
        var report = CheckReport(
            exerciseID: exercise.id, outcome: outcome, checks: onSubject.checks, mutants: finished,
            output: onSubject.output, droppedOutputBytes: onSubject.droppedOutputBytes, duration: started.duration(to: .now)
        )
        report.learnerTestClasses = onSubject.learnerTestClasses
        return report
    }

    /// Compiles `sources` with a generated main that runs `testCases`, runs it, and reports.
    private func compileAndRun(
        exerciseID: String, sources: [URL], testCases: [DiscoveredTestCase],
        isCancelled: @escaping @Sendable () -> Bool, onPhase: @escaping @Sendable (Phase) -> Void
    ) async throws -> CheckReport {
        let started = ContinuousClock.now
        let folder = scratchFolder.appendingPathComponent("check-\(UUID().uuidString)")
        try fileSystem.createDirectory(at: folder)
        defer { try? fileSystem.removeItem(at: folder) }

        let main = folder.appendingPathComponent("main.swift")
        let token = UUID().uuidString
        try fileSystem.write(TestMainGenerator.mainSource(for: testCases, token: token), to: main)
        // Named like a test bundle, so libraries that ask "am I under test?" (swift-dependencies
        // picks its test context, issue reports become test failures) answer as under `swift test`.
        let program = folder.appendingPathComponent("Exercise.xctest")

        onPhase(.compiling)
        let compile = try await launcher.run(
            compileRequest(sources: sources + [main], output: program, in: folder),
            isCancelled: isCancelled
        )
        if compile.cancelled {
            return CheckReport(exerciseID: exerciseID, outcome: .cancelled, duration: started.duration(to: .now))
        }
        guard compile.termination == .exited(0) else {
            let diagnostics = CompilerDiagnostic.parse(compile.standardError + "\n" + compile.standardOutput)
                .filter { $0.severity == .error }
            return CheckReport(
                exerciseID: exerciseID, outcome: .compileFailed,
                diagnostics: diagnostics.isEmpty ? [Self.unparsedCompilerFailure(compile)] : diagnostics,
                duration: started.duration(to: .now)
            )
        }

        onPhase(.running)
        // The main holds the token; the learner's code runs in this folder and must not read it.
        try? fileSystem.removeItem(at: main)
        let results = folder.appendingPathComponent("results-\(UUID().uuidString).jsonl")
        let run = try await launcher.run(runRequest(program: program, results: results, in: folder), isCancelled: isCancelled)
        let log = TestEventLog(text: (try? fileSystem.text(of: results)) ?? "", token: token)
        return Self.report(
            exerciseID: exerciseID, run: run, log: log,
            expectedCount: testCases.reduce(0) { $0 + $1.methods.count },
            settings: settings, duration: started.duration(to: .now)
        )
    }

    private func compileRequest(sources: [URL], output: URL, in folder: URL) -> ChildProcessRequest {
        let arguments = [
            "-module-name", "Exercise",
            // Swift 5 mode keeps the exercises about DI rather than strict concurrency.
            "-swift-version", "5",
            "-Onone",
            // One compiler process for all the files: without it the driver starts one per
            // file, and each loads XCTest, Foundation and the lesson modules all over again.
            "-wmo",
            "-diagnostic-style=llvm",
            "-module-cache-path", moduleCache.path,
        ] + toolchain.linkerFlags + products.compilerFlags + sources.map(\.path) + ["-o", output.path]
        return ChildProcessRequest(
            executable: toolchain.swiftc.path, arguments: arguments, environment: environment,
            workingDirectory: folder.path, timeout: settings.compileTimeout, outputLimit: settings.outputLimit, memoryLimit: nil
        )
    }

    private func runRequest(program: URL, results: URL, in folder: URL) -> ChildProcessRequest {
        var environment = self.environment
        environment[TestMainGenerator.resultsVariable] = results.path
        // The checks post to a timeline of their own, never to the learner's.
        environment["DIDOJO_TIMELINE"] = folder.appendingPathComponent("timeline.txt").path
        // Swift's crash backtracer takes seconds; the runtime's one-line message is enough.
        environment["SWIFT_BACKTRACE"] = "enable=no"
        return ChildProcessRequest(
            executable: program.path, arguments: [], environment: environment, workingDirectory: folder.path,
            timeout: settings.timeout, outputLimit: settings.outputLimit, memoryLimit: settings.memoryLimit
        )
    }

    static func report(
        exerciseID: String, run: ChildProcessResult, log: TestEventLog, expectedCount: Int,
        settings: CheckSettings, duration: Duration
    ) -> CheckReport {
        let checks = log.checks
        let output = LearnerOutput.extract(
            standardOutput: run.standardOutput, standardError: run.standardError, failures: checks.flatMap(\.failures)
        )
        func make(_ outcome: CheckReport.Outcome) -> CheckReport {
            CheckReport(
                exerciseID: exerciseID, outcome: outcome, checks: checks, output: output,
                droppedOutputBytes: run.droppedOutputBytes, duration: duration
            )
        }
        if run.cancelled { return make(.cancelled) }
        if run.timedOut {
            return make(.timedOut(seconds: Double(settings.timeout.components.seconds)))
        }
        let running = checks.first { !$0.finished }?.readableName
        switch run.termination {
        case .signaled:
            return make(.crashed(CrashInfo(
                checkName: running, signal: run.termination.description,
                message: LearnerOutput.crashMessage(in: run.standardError)
            )))
        case .exited(let status):
            let allRan = log.completed && checks.count == expectedCount && checks.allSatisfy(\.finished)
            if allRan {
                return make(checks.allSatisfy(\.passed) && status == 0 ? .passed : .checksFailed)
            }
            // The program ended by itself before every check had run (exit() in the code, or
            // a crash the runtime turned into an exit status).
            return make(.crashed(CrashInfo(
                checkName: running, signal: "ended early with exit status \(status)",
                message: LearnerOutput.crashMessage(in: run.standardError)
            )))
        }
    }

    private static func unparsedCompilerFailure(_ result: ChildProcessResult) -> CompilerDiagnostic {
        let text = (result.standardError + result.standardOutput).trimmingCharacters(in: .whitespacesAndNewlines)
        let message = result.timedOut
            ? "the compiler took too long and was stopped"
            : (text.isEmpty ? "the compiler failed (\(result.termination.description))" : text)
        return CompilerDiagnostic(file: "", line: 0, column: 0, severity: .error, message: message)
    }
}
