import ChildProcess
import DojoCatalog
import DojoCore
import DojoGrading
import Foundation
import WiringAnalysis

/// Compiles a learner's file together with an exercise's checks, runs them, and reports.
///
/// Every step runs as a child process: the compiler's (see `CompileStep` for why a check is
/// two modules, and `CompiledStepCache` for what is kept between checks), then the test
/// program. The learner's program runs under a time limit (the whole process tree is killed),
/// an output cap and a memory limit, so nothing it does can take the tutor down.
public struct CompilingChecker: ExerciseChecker {
    private let toolchain: Toolchain
    private let products: BuildProducts
    private let launcher: any ProcessLaunching
    private let fileSystem: any FileSystem
    private let scratchFolder: URL
    private let environment: [String: String]
    private let compiler: SwiftCompiler
    private let cache: CompiledStepCache
    /// What the wiring analysis is told about the modules an exercise's file imports.
    private let wiringVocabulary: @Sendable (Exercise) -> WiringVocabulary
    /// What the kernel can confine of the learner's program.
    private let confinementSupport: ConfinementSupport
    public let settings: CheckSettings

    /// - Parameters:
    ///   - scratchFolder: where each check gets a private temporary folder of its own
    ///     (`mkdtemp`, mode 0700), removed when the check ends.
    ///   - moduleCache: kept between checks, so that only the first check pays for building
    ///     the clang module cache.
    ///   - stepCache: kept between checks: compiled checks and subjects (see `CompiledStepCache`).
    ///   - environment: passed on to the compiler and the checks (PATH, HOME…).
    ///   - wiringVocabulary: the vocabulary of an exercise's lesson (learned from its modules'
    ///     sources, see `WiringVocabulary`); the empty one leaves the analysis to its heuristics.
    init(
        toolchain: Toolchain, products: BuildProducts, launcher: any ProcessLaunching, fileSystem: any FileSystem,
        scratchFolder: URL, moduleCache: URL, stepCache: URL, environment: [String: String], confinementSupport: ConfinementSupport,
        settings: CheckSettings = CheckSettings(), wiringVocabulary: @escaping @Sendable (Exercise) -> WiringVocabulary = { _ in .empty }
    ) {
        self.toolchain = toolchain
        self.products = products
        self.launcher = launcher
        self.fileSystem = fileSystem
        self.scratchFolder = scratchFolder
        self.environment = environment
        self.settings = settings
        self.wiringVocabulary = wiringVocabulary
        self.confinementSupport = confinementSupport
        cache = CompiledStepCache(folder: stepCache, fileSystem: fileSystem)
        compiler = SwiftCompiler(
            toolchain: toolchain, products: products, launcher: launcher, fileSystem: fileSystem, cache: cache,
            moduleCache: moduleCache, environment: environment,
            timeout: settings.compileTimeout, outputLimit: settings.outputLimit
        )
    }

    /// The checker of a built DIDojo: the compiler on `PATH` (or `DIDOJO_SWIFTC`), the lesson
    /// modules built beside `executable`, and caches in `cacheFolder` (the compiled steps and
    /// macro expansions, and the compiler's module cache unless `moduleCache` says where).
    ///
    /// - Parameters:
    ///   - launcher: runs the compiler and the checks; the real one unless a test says otherwise.
    ///   - scratchFolder: where each check makes its private folder; the system's temporary folder.
    /// - Throws: `DojoError.compilerNotFound` or `.buildProductsNotFound`, each saying what to do.
    public static func live(
        executable: URL, environment: [String: String], cacheFolder: URL, fileSystem: any FileSystem,
        settings: CheckSettings = CheckSettings(), moduleCache: URL? = nil,
        launcher: any ProcessLaunching, scratchFolder: URL = FileManager.default.temporaryDirectory,
        wiringVocabulary: @escaping @Sendable (Exercise) -> WiringVocabulary = { _ in .empty }
    ) throws -> CompilingChecker {
        CompilingChecker(
            toolchain: try Toolchain.find(environment: environment, fileSystem: fileSystem),
            products: MacroExpansionCache(folder: cacheFolder.appendingPathComponent("macro-expansions"), fileSystem: fileSystem)
                .routing(try BuildProducts.beside(executable: executable, fileSystem: fileSystem)),
            launcher: launcher,
            fileSystem: fileSystem,
            scratchFolder: scratchFolder,
            moduleCache: moduleCache ?? cacheFolder.appendingPathComponent("module-cache"),
            stepCache: cacheFolder.appendingPathComponent("compiled-steps"),
            environment: environment,
            confinementSupport: .current,
            settings: settings,
            wiringVocabulary: wiringVocabulary
        )
    }

    /// The compiler checks are compiled with (`DIDOJO_SWIFTC`, else `swiftc` on `PATH`), or
    /// nil: for an editor's language server, which should compile as the checks do.
    public static func compiler(environment: [String: String], fileSystem: any FileSystem) -> URL? {
        try? Toolchain.find(environment: environment, fileSystem: fileSystem).swiftc
    }

    /// The flags that make the lesson modules built beside `executable` importable (module
    /// search path, C module maps, the real macro plugins), as a language server needs them.
    public static func moduleFlags(beside executable: URL, fileSystem: any FileSystem) throws -> [String] {
        try BuildProducts.beside(executable: executable, fileSystem: fileSystem).moduleFlags
    }

    /// A check of `source` whose report nobody reads: it fills the compiler's module cache,
    /// builds the program that runs the checks, and compiles the checks of `exercise` against
    /// the learner's file as it is, all kept for the learner's first real check.
    public func warmUp(for exercise: Exercise, source: URL) async {
        _ = try? await check(exercise, source: source, phases: nil)
    }

    public func check(_ exercise: Exercise, source: URL, phases: AsyncStream<CheckPhase>.Continuation?) async throws -> CheckReport {
        let onPhase: @Sendable (CheckPhase) -> Void = { phases?.yield($0) }
        // What would reach into the checks is refused before anything is compiled or run.
        if let refused = refusingReach(of: exercise, source: source) { return refused }
        let report: CheckReport
        let wiring: WiringCheck
        switch exercise.kind {
        case .implement:
            let testCases = try lessonTestCases(in: exercise.checks)
            guard !testCases.isEmpty else { throw DojoError.noChecksFound(path: exercise.checks.path) }
            // The wiring and the names are read from the source while the compiler works.
            async let analysed = analyseWiring(of: exercise, source: source)
            async let shadowing = shadowingFindings(of: exercise, source: source)
            let run = try await compileAndRun(
                exerciseID: exercise.id, underTest: [source] + exercise.support, tests: [exercise.checks], learnerFile: source,
                testCases: testCases, learnerFlags: (.exerciseModule, Self.compilerFlags(of: exercise)), onPhase: onPhase
            )
            wiring = await analysed
            let judged = Self.adding(wiring.results, to: run)
            report = Self.rejecting(await shadowing, judged) ?? judged
        case .test:
            // A few milliseconds before several compiles and runs.
            wiring = analyseWiring(of: exercise, source: source)
            // The learner's tests share a module with the lesson's checks on them, so their
            // names would win there too.
            let judged = try await checkTests(of: exercise, source: source, wiringRules: wiring.results, onPhase: onPhase)
            report = Self.rejecting(shadowingFindings(of: exercise, source: source), judged) ?? judged
        }
        // The exercise's own words for its warnings-as-errors come first: the explainer keeps an
        // explanation a diagnostic already has.
        var explained = inLearnersTerms(Self.explainingWarnings(of: exercise, in: report), exercise: exercise, source: source)
        explained.wiringNotes = wiring.notes(for: explained, learnerFile: source)
        explained.confinementGaps = confinementGaps
        explained.confinementRefusal = ConfinementRefusal.note(for: explained, confined: settings.confined)
        return explained
    }

    /// What the kernel could not confine in this check's run (see `ConfinementSupport`).
    private var confinementGaps: [String] {
        settings.confined ? confinementSupport.gaps : ["confinement is switched off for this run"]
    }

    /// A report that refuses the learner's file for what it reaches (see `ReachAudit`), or nil.
    private func refusingReach(of exercise: Exercise, source: URL) -> CheckReport? {
        guard settings.refusesReach, let text = try? fileSystem.text(of: source) else { return nil }
        let audit = ReachAudit(kind: exercise.kind == .test ? .tests : .implementation)
        let findings = audit.findings(inLearnerSource: text, path: source.path)
        guard !findings.isEmpty else { return nil }
        var report = CheckReport(exerciseID: exercise.id, outcome: .compileFailed, diagnostics: findings)
        report.confinementGaps = confinementGaps
        return report
    }

    /// `report` told in terms of the learner's own file: compile errors explained (knowing
    /// which file is theirs), and a crash placed at their line.
    private func inLearnersTerms(_ report: CheckReport, exercise: Exercise, source: URL) -> CheckReport {
        var report = report
        let fileSystem = self.fileSystem
        report.diagnostics = CompilerMessageExplainer.explained(
            report.diagnostics, learnerFile: source.path, checksFile: exercise.hasChecks ? exercise.checks.path : nil,
            readText: { try? fileSystem.text(of: URL(fileURLWithPath: $0)) }
        )
        if case .crashed(var crash) = report.outcome {
            crash.frames = LearnerFrames.of(crash.frames, learnerFile: source)
            report.outcome = .crashed(crash)
        }
        return report
    }

    /// The one wiring analysis of the check: broken rules and the findings for "Wiring:".
    private func analyseWiring(of exercise: Exercise, source: URL) -> WiringCheck {
        WiringCheck.analyse(exercise, source: source, vocabulary: wiringVocabulary(exercise), fileSystem: fileSystem, cache: cache)
    }

    /// The learner's declarations that would take the place of names the checks use (see
    /// `ShadowingAudit`), as errors at their lines. What the checks use is worked out once per
    /// checks file and solution, and kept.
    private func shadowingFindings(of exercise: Exercise, source: URL) -> [CompilerDiagnostic] {
        guard exercise.hasChecks, let learner = try? fileSystem.text(of: source),
              let checks = try? fileSystem.text(of: exercise.checks) else { return [] }
        let solution = (try? fileSystem.text(of: exercise.solution)) ?? ""
        var key = CacheKey("didojo shadowing audit, version 1")
        key.add(checks)
        key.add(solution)
        let audit = cache.value(ShadowingAudit.self, for: key) { ShadowingAudit(checks: [checks], solution: solution) }
        return audit.findings(inLearnerSource: learner, path: source.path)
    }

    /// A report that rejects the learner's file for the names in `findings`, in place of a
    /// passing `report`; nil when there is nothing to reject or the checks did not pass. Only a
    /// pass can have been faked by such a name: a file that fails keeps its own report, whose
    /// words name the mistake (a Cake default the lesson catalogues, say). Told as a compile
    /// error at each declaration: it is a rule about the code, like a warning made an error.
    static func rejecting(_ findings: [CompilerDiagnostic], _ report: CheckReport) -> CheckReport? {
        guard !findings.isEmpty, report.passed else { return nil }
        return CheckReport(exerciseID: report.exerciseID, outcome: .compileFailed, diagnostics: findings, duration: report.duration)
    }

    /// The class name the wiring rules' checks are reported under.
    static let wiringCheckClass = "Wiring"

    /// `report` with the wiring rules among its checks, kept and broken alike: a check is a
    /// test method of the exercise's checks or one of its wiring rules, and every report that
    /// ran them counts all of them, so that "1 of 8 checks failed" is followed by "all 8
    /// checks hold". They count only where the checks ran to their end: a file that does not
    /// compile, crashes or hangs has more pressing news (and counts no checks).
    static func adding(_ wiring: [CheckResult], to report: CheckReport) -> CheckReport {
        guard !wiring.isEmpty, [.passed, .checksFailed].contains(report.outcome) else { return report }
        let broken = wiring.contains { !$0.passed }
        var combined = CheckReport(
            exerciseID: report.exerciseID, outcome: broken ? .checksFailed : report.outcome, checks: report.checks + wiring,
            diagnostics: report.diagnostics, mutants: report.mutants, output: report.output,
            droppedOutputBytes: report.droppedOutputBytes, duration: report.duration
        )
        combined.learnerTestClasses = report.learnerTestClasses
        return combined
    }

    /// `report` with the exercise's own words under each error of a warning group it made an
    /// error (the compiler ends such a message with `[#Group]`).
    static func explainingWarnings(of exercise: Exercise, in report: CheckReport) -> CheckReport {
        guard !exercise.warningsAsErrors.isEmpty, report.outcome == .compileFailed else { return report }
        var explained = report
        explained.diagnostics = report.diagnostics.map { diagnostic in
            var explained = diagnostic
            if let group = exercise.warningsAsErrors.first(where: { diagnostic.message.hasSuffix("[#\($0.group)]") }) {
                explained.explanation = group.message
            }
            return explained
        }
        return explained
    }

    /// A test-writing exercise: the learner's tests must pass against the subject, then fail
    /// against every mutant.
    private func checkTests(
        of exercise: Exercise, source: URL, wiringRules wiring: [CheckResult], onPhase: @escaping @Sendable (CheckPhase) -> Void
    ) async throws -> CheckReport {
        let started = ContinuousClock.now
        let learnerTests = TestCaseDiscovery.testCases(in: (try? fileSystem.text(of: source)) ?? "")
        guard !learnerTests.isEmpty else {
            return CheckReport(exerciseID: exercise.id, outcome: .noTestsWritten, duration: started.duration(to: .now))
        }
        let extraChecks = exercise.hasChecks ? try lessonTestCases(in: exercise.checks) : []
        var onSubject = try await compileAndRun(
            exerciseID: exercise.id, underTest: exercise.subject + exercise.support,
            tests: [source] + (exercise.hasChecks ? [exercise.checks] : []), learnerFile: source,
            testCases: learnerTests + extraChecks, learnerFlags: (.checksModule, Self.compilerFlags(of: exercise)), onPhase: onPhase
        )
        onSubject.learnerTestClasses = Set(learnerTests.map(\.className))
        guard onSubject.passed else { return Self.adding(wiring, to: onSubject) }
        // A broken wiring rule fails the exercise whatever the mutants do.
        guard wiring.allSatisfy(\.passed) else { return Self.adding(wiring, to: onSubject) }

        onPhase(.mutants)
        // Two at a time: each is a compile and a run, and classroom laptops have few cores. A
        // mutant changes what the subject does, not its interface, so the learner's tests
        // compiled for the subject are linked against each mutant as they are.
        // The tests are compiled and linked exactly as for the subject (the lesson's checks
        // with them), so that one compile serves the subject and every mutant; against a
        // mutant only the learner's own classes run.
        let learnerClasses = learnerTests.map(\.className)
        let finished = try await exercise.mutants.concurrentMap(limit: 2) { mutant in
            let report = try await compileAndRun(
                exerciseID: exercise.id, underTest: mutant.apply(to: exercise.subject) + exercise.support,
                tests: [source] + (exercise.hasChecks ? [exercise.checks] : []), learnerFile: source, testCases: learnerTests + extraChecks,
                runOnly: learnerClasses, learnerFlags: (.checksModule, Self.compilerFlags(of: exercise)), onPhase: { _ in }
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
            exerciseID: exercise.id, outcome: outcome, checks: onSubject.checks + wiring, mutants: finished,
            output: onSubject.output, droppedOutputBytes: onSubject.droppedOutputBytes, duration: started.duration(to: .now)
        )
        report.learnerTestClasses = onSubject.learnerTestClasses
        return report
    }

    /// The test cases of a lesson's checks file. Parsing a whole file takes a noticeable part of
    /// a quick check, and the lesson's files do not change, so what was found is kept by content.
    private func lessonTestCases(in checks: URL) throws -> [DiscoveredTestCase] {
        let text = try fileSystem.text(of: checks)
        var key = CacheKey("didojo test cases, version 1")
        key.add(text)
        return cache.value([DiscoveredTestCase].self, for: key) { TestCaseDiscovery.testCases(in: text) }
    }

    /// The modules the code under test imports. Parsing the learner's file again takes a
    /// noticeable part of a quick check, and its imports hardly ever change between checks, so
    /// the answer is kept by the lines it depends on (see `ImportDiscovery.importLines(of:)`).
    private func importedModules(of sources: [URL]) -> [String] {
        let texts = sources.map { (try? fileSystem.text(of: $0)) ?? "" }
        var key = CacheKey("didojo imported modules, version 1")
        for text in texts { key.add(ImportDiscovery.importLines(of: text)) }
        return cache.value([String].self, for: key) { ImportDiscovery.modules(in: texts) }
    }

    /// Builds the code `underTest` and the `tests` (with a generated entry point that runs
    /// `testCases`) into libraries, runs them in the program that runs checks, and reports.
    private func compileAndRun(
        exerciseID: String, underTest: [URL], tests: [URL], learnerFile: URL, testCases: [DiscoveredTestCase], runOnly: [String] = [],
        learnerFlags: (step: CompileStep, flags: [String]), onPhase: @escaping @Sendable (CheckPhase) -> Void
    ) async throws -> CheckReport {
        let started = ContinuousClock.now
        // Private (mode 0700, a name nobody can take first): on a shared classroom machine,
        // another user's program must not be able to plant files where the checks are built.
        let folder = try fileSystem.makePrivateFolder(in: scratchFolder, prefix: "didojo-check-")
        defer { try? fileSystem.removeItem(at: folder) }

        onPhase(.compiling)
        // The program that runs the checks starts now, beside the compiler, and waits behind
        // the gate until the code is ready: loading XCTest, Foundation and the lesson library
        // is most of its start-up, and the compiler leaves the second core idle.
        let gate = ChildProcessGate()
        let tokens = ResultTokens(testNames: TestMainGenerator.testNames(of: testCases))
        let results = folder.appendingPathComponent("results-\(UUID().uuidString).jsonl")
        // A task of its own rather than `async let`, so that it can be cancelled alone when
        // the code under test does not build (the program may still be building, the first
        // time); cancelling this check cancels it too.
        let ran = Task { try await startChecks(in: folder, results: results, tokens: tokens, runOnly: runOnly, gate: gate) }
        do {
            return try await withTaskCancellationHandler {
                try await buildAndRun(
                    exerciseID: exerciseID, underTest: underTest, tests: tests, learnerFile: learnerFile, testCases: testCases, folder: folder,
                    gate: gate, tokens: tokens, results: results, ran: ran, runOnly: runOnly, learnerFlags: learnerFlags, onPhase: onPhase, started: started
                )
            } onCancel: {
                ran.cancel()
            }
        } catch {
            // Whatever failed (a write, a cache key, a compiler that would not start), the
            // program waiting behind the gate must not wait for ever, nor its thread: it is
            // let go unopened, and the check ends only once it has.
            gate.abandon()
            ran.cancel()
            _ = try? await ran.value
            throw error
        }
    }

    /// The rest of `compileAndRun`: builds the code and the checks while `ran` gets the
    /// program that runs them ready, then lets it go and reads what it reported.
    private func buildAndRun(
        exerciseID: String, underTest: [URL], tests: [URL], learnerFile: URL, testCases: [DiscoveredTestCase], folder: URL,
        gate: ChildProcessGate, tokens: ResultTokens, results: URL, ran: Task<ChecksRun, any Error>, runOnly: [String],
        learnerFlags: (step: CompileStep, flags: [String]),
        onPhase: @escaping @Sendable (CheckPhase) -> Void, started: ContinuousClock.Instant
    ) async throws -> CheckReport {
        /// The extra compiler flags of `step`: the exercise's, for the module its learner's file is in.
        func flags(_ step: CompileStep) -> [String] { step == learnerFlags.step ? learnerFlags.flags : [] }
        func stopped(_ outcome: CheckReport.Outcome, _ diagnostics: [CompilerDiagnostic] = []) -> CheckReport {
            CheckReport(exerciseID: exerciseID, outcome: outcome, diagnostics: diagnostics, duration: started.duration(to: .now))
        }
        /// The report of a check whose building ended at a step that did not build.
        func stopped(at step: StepResult) -> CheckReport {
            if case .failed(let diagnostics) = step { return stopped(.compileFailed, diagnostics) }
            return stopped(.cancelled)
        }

        let entry = folder.appendingPathComponent("CheckEntry.swift")
        try fileSystem.write(TestMainGenerator.entrySource(for: testCases), to: entry)
        let reexports = folder.appendingPathComponent(CompileStep.reexportsFile)

        // The re-exports are made from the code under test, and kept with its module.
        let exerciseKey = try await cacheKey(for: .exerciseModule, inputs: underTest, in: folder, flags: flags(.exerciseModule))
        var built = try await build(.exerciseModule, key: exerciseKey, in: folder, flags: flags(.exerciseModule)) {
            try fileSystem.write(ImportDiscovery.reexportSource(for: importedModules(of: underTest)), to: reexports)
            return underTest + [reexports]
        }
        if built == .built {
            built = try await build(.exerciseLibrary, key: try await cacheKey(for: .exerciseLibrary, after: exerciseKey), in: folder) {
                [folder.appendingPathComponent(CompileStep.exerciseObject)]
            }
        }
        if built == .built {
            // The checks are compiled against the interface just built; when it has not
            // changed, neither have they, nor the library linked from them. The tests' copies
            // are made only when they must be compiled.
            let interface = (try? fileSystem.contents(of: folder.appendingPathComponent(CompileStep.exerciseInterface))) ?? Data()
            let checksKey = try await cacheKey(for: .checksModule, inputs: tests + [entry, reexports], in: folder, interface: interface, flags: flags(.checksModule))
            built = try await build(.checksModule, key: checksKey, in: folder, flags: flags(.checksModule)) {
                let reexported = ImportDiscovery.modules(in: [try fileSystem.text(of: reexports)])
                var copies: [URL] = []
                for (index, original) in tests.enumerated() {
                    let copy = folder.appendingPathComponent("tests-\(index)-\(original.lastPathComponent)")
                    // The lesson's checks call XCTest by module; the learner's own tests are left
                    // as they wrote them.
                    let text = TestsFileCopy.text(
                        of: try fileSystem.text(of: original), originalPath: original.path, leavingOutImportsOf: reexported,
                        qualifyingXCTest: original != learnerFile
                    )
                    try fileSystem.write(text, to: copy)
                    copies.append(copy)
                }
                return copies + [entry]
            }
            if built == .built {
                built = try await build(.link, key: try await cacheKey(for: .link, after: checksKey), in: folder) {
                    [folder.appendingPathComponent(CompileStep.checksObject)]
                }
            }
        }
        guard built == .built else {
            gate.abandon()
            ran.cancel()
            _ = try? await ran.value
            return stopped(at: built)
        }

        onPhase(.running)
        gate.open()
        let run: ChildProcessResult
        switch try await ran.value {
        case .ran(let result): run = result
        case .notStarted(let step): return stopped(at: step)
        }
        let log = TestEventLog(
            text: (try? fileSystem.text(of: results)) ?? "", tokens: tokens,
            running: runOnly.isEmpty ? nil : Set(runOnly)
        )
        let backtrace = (try? fileSystem.contents(of: folder.appendingPathComponent(CrashBacktrace.fileName))) ?? Data()
        return Self.report(
            exerciseID: exerciseID, run: run, log: log,
            expectedCount: testCases.filter { runOnly.isEmpty || runOnly.contains($0.className) }.reduce(0) { $0 + $1.methods.count },
            settings: settings, duration: started.duration(to: .now), backtrace: backtrace
        )
    }

    /// What became of the program that runs the checks.
    private enum ChecksRun {
        case ran(ChildProcessResult)
        /// It could not be built (`.failed`), or the check ended before it started.
        case notStarted(StepResult)
    }

    /// Builds the program that runs the checks (or finds it in the cache), starts it behind
    /// `gate`, and returns when it has ended.
    private func startChecks(in folder: URL, results: URL, tokens: ResultTokens, runOnly: [String], gate: ChildProcessGate) async throws -> ChecksRun {
        let hostFolder = folder.appendingPathComponent(CompileStep.hostFolder)
        try fileSystem.createDirectory(at: hostFolder)
        let host: URL
        switch try await buildCheckHost(in: hostFolder) {
        case .built(let program): host = program
        case .notBuilt(let step): return .notStarted(step)
        }
        guard !gate.isAbandoned, !Task.isCancelled else { return .notStarted(.cancelled) }
        return .ran(try await launcher.run(runRequest(program: host, results: results, tokens: tokens, runOnly: runOnly, in: folder, gate: gate)))
    }

    /// Where the program that runs the checks is, or why there is none.
    private enum CheckHost {
        case built(URL)
        case notBuilt(StepResult)
    }

    /// The program that runs the checks: built once (it is the same for every exercise), then
    /// run where the cache keeps it. It is never copied out first: a copy this process writes
    /// could be open for writing in a child another thread is just starting, and the kernel
    /// refuses to run a file that is open for writing ("Text file busy").
    private func buildCheckHost(in folder: URL) async throws -> CheckHost {
        let source = folder.appendingPathComponent(CompileStep.hostSourceFile)
        try fileSystem.write(TestMainGenerator.hostSource, to: source)
        let moduleKey = try await cacheKey(for: .checkHostModule, inputs: [source], in: folder)
        let programKey = try await cacheKey(for: .checkHost, after: moduleKey)
        if let kept = cache.file(CompileStep.programName, for: programKey) { return .built(kept) }
        let module = try await build(.checkHostModule, key: moduleKey, in: folder) { [source] }
        guard module == .built else { return .notBuilt(module) }
        let program = try await build(.checkHost, key: programKey, in: folder) {
            [folder.appendingPathComponent(CompileStep.hostObject)]
        }
        guard program == .built else { return .notBuilt(program) }
        // Written by the linker, a process of its own that has ended, so nothing here holds it.
        return .built(cache.file(CompileStep.programName, for: programKey) ?? folder.appendingPathComponent(CompileStep.programName))
    }

    /// How a compile step ended.
    private enum StepResult: Equatable {
        case built
        case cancelled
        case failed([CompilerDiagnostic])
    }

    /// Runs `step` on the inputs `prepare` writes and returns, or takes its outputs from the
    /// cache when nothing its `key` spells out has changed.
    private func build(
        _ step: CompileStep, key: CacheKey, in folder: URL, flags: [String] = [], prepare: () throws -> [URL]
    ) async throws -> StepResult {
        if cache.restore(step.outputs, for: key, into: folder) { return .built }
        let result = try await compiler.run(step, inputs: try prepare(), in: folder, compilerFlags: flags)
        if result.cancelled { return .cancelled }
        guard result.termination == .exited(0) else {
            // Explained once the whole report is known (see `inLearnersTerms`).
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

    /// Everything a step's outputs depend on, spelled out: its commands (compiler, flags,
    /// lesson modules), when the compiler and the lesson library were last built, each input's
    /// path and text, and the interface it compiles against. Inputs written into the check's
    /// own folder (the generated files) count by name, since that folder is new every time.
    private func cacheKey(for step: CompileStep, inputs: [URL], in folder: URL, interface: Data = Data(), flags: [String] = []) async throws -> CacheKey {
        var key = try await cacheKey(for: step, after: CacheKey("didojo compile step, version 3"))
        key.add(builtFile: toolchain.swiftc.resolvingSymlinksInPath(), fileSystem: fileSystem)
        key.add(builtFile: products.library, fileSystem: fileSystem)
        let inFolder = folder.path + "/"
        for input in inputs {
            key.add(input.path.hasPrefix(inFolder) ? String(input.path.dropFirst(inFolder.count)) : input.path)
            key.add(try fileSystem.contents(of: input))
        }
        key.add(interface)
        key.add(flags.joined(separator: "\u{0}"))
        return key
    }

    /// The compiler flags an exercise asks for on the learner's file: its language mode when
    /// it is not the steps' Swift 5 (the last `-swift-version` wins), and its `warnings-as-errors`
    /// groups, e.g. `-Werror SendableClosureCaptures` for code that Swift 6 would reject.
    static func compilerFlags(of exercise: Exercise) -> [String] {
        (exercise.languageMode == 5 ? [] : ["-swift-version", String(exercise.languageMode)])
            + exercise.warningsAsErrors.flatMap { ["-Werror", $0.group] }
    }

    /// The key of a step whose input is what the step keyed `previous` made: that key, and
    /// this step's commands.
    private func cacheKey(for step: CompileStep, after previous: CacheKey) async throws -> CacheKey {
        var key = previous
        key.add(step.rawValue)
        for command in try await compiler.plan(for: step).commands {
            key.add(([command.executable] + command.arguments).joined(separator: "\u{0}"))
        }
        return key
    }

    private func runRequest(
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
        let toolchainRoot = toolchain.swiftc.resolvingSymlinksInPath().deletingLastPathComponent().deletingLastPathComponent()
        return Confinement(
            readable: Confinement.systemReadable + [
                toolchainRoot.path,
                products.library.resolvingSymlinksInPath().deletingLastPathComponent().path,
                program.resolvingSymlinksInPath().path,
            ],
            writable: [folder.resolvingSymlinksInPath().path]
        )
    }

    static func report(
        exerciseID: String, run: ChildProcessResult, log: TestEventLog, expectedCount: Int,
        settings: CheckSettings, duration: Duration, backtrace: Data = Data()
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
        // A results file that does not add up was changed by the learner's code, whatever
        // became of the program afterwards: that is the news, not what is left in the file.
        if !log.interference.isEmpty {
            return make(.resultsInterfered(reason: log.interference.joined(separator: "; ")))
        }
        if run.timedOut {
            return make(.timedOut(seconds: Double(settings.timeout.components.seconds)))
        }
        let running = checks.first { !$0.finished }?.readableName
        switch run.termination {
        case .signaled:
            let stack = CrashBacktrace.read(backtrace)
            return make(.crashed(CrashInfo(
                checkName: running, signal: run.termination.description,
                message: LearnerOutput.crashMessage(in: run.standardError), frames: stack.frames, stackOverflow: stack.stackOverflow
            )))
        case .exited(let status):
            let allRan = log.completed && checks.count == expectedCount && checks.allSatisfy(\.finished)
            if allRan {
                if checks.allSatisfy(\.passed), status != 0 {
                    // XCTest ends with status 0 when every check passed, and the results say
                    // they all did: something else decided the status.
                    return make(.resultsInterfered(reason: "every check's result says it passed, but the program that ran them ended with exit status \(status), which it does only when a check failed"))
                }
                guard checks.allSatisfy(\.passed) else { return make(.checksFailed) }
                return make(run.droppedOutputBytes > 0 ? .tooMuchOutput(droppedBytes: run.droppedOutputBytes) : .passed)
            }
            // The program ended by itself before every check had run (exit() in the code, or
            // a crash the runtime turned into an exit status).
            return make(.crashed(CrashInfo(
                checkName: running, signal: "ended early with exit status \(status)",
                message: LearnerOutput.crashMessage(in: run.standardError), exitStatus: status
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
