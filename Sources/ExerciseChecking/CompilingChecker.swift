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
package struct CompilingChecker: ExerciseChecker {
    let fileSystem: any FileSystem
    let cache: CompiledStepCache
    /// Builds and runs each program the check needs.
    let programRun: CheckProgramRun
    /// What the wiring analysis is told about the modules an exercise's file imports.
    private let wiringVocabulary: @Sendable (Exercise) -> WiringVocabulary
    /// What the kernel can confine of the learner's program.
    private let confinementSupport: ConfinementSupport
    /// Where the check's phases are recorded (`DIDOJO_TRACE`); off but for the benchmark.
    let trace: PhaseTrace
    package let settings: CheckSettings

    /// - Parameters:
    ///   - confinementSupport: what the kernel can confine of the learner's program.
    ///   - wiringVocabulary: the vocabulary of an exercise's lesson (learned from its modules'
    ///     sources, see `WiringVocabulary`); the empty one leaves the analysis to its heuristics.
    ///   - earlyCompile: the compile `didojo check` started as it began (see `EarlyCompile`).
    init(
        setup: CompilerSetup, ports: CheckerPorts, folders: CheckerFolders, confinementSupport: ConfinementSupport,
        settings: CheckSettings, earlyCompile: EarlyCompile? = nil, wiringVocabulary: @escaping @Sendable (Exercise) -> WiringVocabulary
    ) {
        trace = ports.trace
        fileSystem = ports.fileSystem
        self.settings = settings
        self.wiringVocabulary = wiringVocabulary
        self.confinementSupport = confinementSupport
        let cache = CompiledStepCache(folder: folders.stepCache, fileSystem: ports.fileSystem, timeSource: ports.timeSource)
        self.cache = cache
        let compiler = SwiftCompiler(
            setup: setup, ports: ports, cache: cache, moduleCache: folders.moduleCache, scratch: folders.scratch,
            recipes: EarlyCompile.recipes(inStepCache: folders.stepCache), settings: settings, earlyCompile: earlyCompile)
        let steps = CompiledSteps(
            compiler: compiler, cache: cache, toolchain: setup.toolchain, products: setup.products, fileSystem: ports.fileSystem, trace: ports.trace)
        programRun = CheckProgramRun(
            steps: steps,
            checksProgram: ChecksProgram(
                steps: steps, launcher: ports.launcher, fileSystem: ports.fileSystem, environment: setup.environment, settings: settings),
            fileSystem: ports.fileSystem, scratchFolder: folders.scratch, settings: settings, trace: ports.trace
        )
    }

    /// The checker of a built DIDojo: the compiler on `PATH` (or `DIDOJO_SWIFTC`), the lesson
    /// modules built beside `executable`, and what it keeps in `folders`.
    ///
    /// - Parameter environment: passed on to the compiler and the checks (PATH, HOME…).
    /// - Throws: `DojoError.compilerNotFound` or `.buildProductsNotFound`, each saying what to do.
    package static func live(
        executable: URL, environment: [String: String], ports: CheckerPorts, folders: CheckerFolders,
        settings: CheckSettings, earlyCompile: EarlyCompile? = nil, wiringVocabulary: @escaping @Sendable (Exercise) -> WiringVocabulary
    ) throws -> CompilingChecker {
        let fileSystem = ports.fileSystem
        let folders = folders.sharingModuleCache(ofBuildWith: executable, fileSystem: fileSystem)
        let setup = CompilerSetup(
            toolchain: try Toolchain.find(environment: environment, fileSystem: fileSystem),
            products: MacroExpansionCache(folder: folders.macroExpansions, fileSystem: fileSystem)
                .routing(try BuildProducts.beside(
                    executable: executable, fileSystem: fileSystem, cache: CompiledStepCache(folder: folders.stepCache, fileSystem: fileSystem, timeSource: ports.timeSource))),
            environment: environment
        )
        return CompilingChecker(
            setup: setup, ports: ports, folders: folders, confinementSupport: .current, settings: settings, earlyCompile: earlyCompile,
            wiringVocabulary: wiringVocabulary)
    }

    /// The compiler checks are compiled with (`DIDOJO_SWIFTC`, else `swiftc` on `PATH`), or
    /// nil: for an editor's language server, which should compile as the checks do.
    package static func compiler(environment: [String: String], fileSystem: any FileSystem) -> URL? {
        try? Toolchain.find(environment: environment, fileSystem: fileSystem).swiftc
    }

    /// The flags that make the lesson modules built beside `executable` importable (module
    /// search path, C module maps, the real macro plugins), as a language server needs them.
    package static func moduleFlags(beside executable: URL, fileSystem: any FileSystem) throws -> [String] {
        try BuildProducts.beside(executable: executable, fileSystem: fileSystem).moduleFlags
    }

    /// A check of `source` whose report nobody reads: it fills the compiler's module cache,
    /// builds the program that runs the checks, and compiles the checks of `exercise` against
    /// the learner's file as it is, all kept for the learner's first real check.
    package func warmUp(for exercise: Exercise, source: URL) async {
        _ = try? await check(exercise, source: source, phases: nil)
    }

    package func check(_ exercise: Exercise, source: URL, phases: AsyncStream<CheckPhase>.Continuation?) async throws -> CheckReport {
        let trace = self.trace
        let onPhase: @Sendable (CheckPhase) -> Void = { phase in
            trace.mark("phase \(phase)")
            phases?.yield(phase)
        }
        trace.mark("check \(exercise.id)")
        // What each step runs, asked of the compiler driver side by side the first time
        // (kept from then on), rather than one at a time before each step.
        async let _ = programRun.steps.compiler.askAhead(for: CompileStep.allCases)
        let learnerFile = read(source)
        // What would reach into the checks is refused before anything runs: the audit reads
        // the file while the compiler works, and the program that runs the checks is let go
        // only when it found nothing. Its refusal is the news, whatever the compiler said.
        let admission = Task { [self] in
            let refused = await OffThePool.run(after: learnerFile) { refusingReach(of: exercise, source: source, parsed: $0) }
            trace.mark("reach audited")
            return refused
        }
        let report: CheckReport
        let wiring: WiringCheck
        switch exercise.kind {
        case .implement:
            let testCases = try lessonTestCases(in: exercise.checks)
            guard !testCases.isEmpty else { throw DojoError.noChecksFound(path: exercise.checks.path) }
            // The wiring and the names are read from the source while the compiler works.
            async let analysed = OffThePool.run(after: learnerFile) { analyseWiring(of: exercise, source: source, parsed: $0) }
            async let shadowing = OffThePool.run(after: learnerFile) { shadowingFindings(of: exercise, source: source, parsed: $0) }
            let request = CheckProgramRequest(
                exerciseID: exercise.id, underTest: [source] + exercise.support, tests: [exercise.checks], learnerFile: source,
                testCases: testCases, learnerStep: .exerciseModule, learnerFlags: Self.compilerFlags(of: exercise),
                learnerParse: learnerFile
            )
            let run = try await programRun.run(request, admission: admission, onPhase: onPhase)
            trace.mark("run reported")
            if let refused = await admission.value { return refused }
            wiring = await analysed
            let judged = Self.adding(wiring.results, to: run)
            report = Self.rejecting(await shadowing, judged) ?? judged
            trace.mark("wiring and names read")
        case .test:
            // The learner's tests share a module with the lesson's checks on them, so their
            // names would win there too; read while the tests compile and run, as the wiring
            // is.
            async let shadowing = OffThePool.run(after: learnerFile) { shadowingFindings(of: exercise, source: source, parsed: $0) }
            let analysis = Task { [self] in await OffThePool.run(after: learnerFile) { analyseWiring(of: exercise, source: source, parsed: $0) } }
            let judged = try await checkTests(
                of: exercise, source: source, parsed: learnerFile, wiring: analysis, admission: admission, onPhase: onPhase)
            wiring = await analysis.value
            if let refused = await admission.value { return refused }
            report = Self.rejecting(await shadowing, judged) ?? judged
        }
        // The exercise's own words for its warnings-as-errors come first: the explainer keeps an
        // explanation a diagnostic already has.
        var explained = inLearnersTerms(Self.explainingWarnings(of: exercise, in: report), exercise: exercise, source: source)
        explained.wiringNotes = wiring.notes(for: explained, learnerFile: source)
        explained.confinementGaps = confinementGaps
        explained.confinementRefusal = ConfinementRefusal.note(for: explained, confined: settings.confined)
        trace.mark("report explained")
        return explained
    }

    /// What the kernel could not confine in this check's run (see `ConfinementSupport`).
    private var confinementGaps: [String] {
        settings.confined ? confinementSupport.gaps : ["confinement is switched off for this run"]
    }

    /// The learner's file, read and parsed once for every reading of it: the reach audit, the
    /// wiring, the names it declares, and a test-writing check's list of tests and the copy it
    /// compiles. Each reading used to parse it again: four parses at once beside the compiler
    /// on a two-core laptop (in a debug build, 15–25 ms each for an exercise file), which took
    /// their share of the cores from it. With one, turn about on two cores (medians of 14–16):
    /// no-di.1 204 → 199 ms, constructor.4 598 → 570 ms, and a compile error 134 → 126 ms and
    /// 237 → 218 ms.
    ///
    /// Nothing waits for it before the compiler is done (a test-writing check starts from a
    /// quick reading that the parse confirms, see `checkTests`), so it runs off the pool,
    /// lower (see `OffThePool`). Nil when the file cannot be read: the compiler says why.
    private func read(_ source: URL) -> Task<ParsedSource?, Never> {
        let fileSystem = self.fileSystem
        let parse: @Sendable () -> ParsedSource? = { (try? fileSystem.text(of: source)).map(ParsedSource.init) }
        return Task { await OffThePool.run(parse) }
    }

    /// A report that refuses the learner's file for what it reaches (see `ReachAudit`), or nil.
    private func refusingReach(of exercise: Exercise, source: URL, parsed: ParsedSource?) -> CheckReport? {
        guard settings.refusesReach, let parsed else { return nil }
        let audit = ReachAudit(kind: exercise.kind == .test ? .tests : .implementation)
        let findings = audit.findings(inLearnerTree: parsed.tree, path: source.path)
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

    /// The test cases of a lesson's checks file. Parsing a whole file takes a noticeable part of
    /// a quick check, and the lesson's files do not change, so what was found is kept by content.
    func lessonTestCases(in checks: URL) throws -> [DiscoveredTestCase] {
        let text = try fileSystem.text(of: checks)
        var key = CacheKey("didojo test cases, version 1")
        key.add(text)
        return cache.value([DiscoveredTestCase].self, for: key) { TestCaseDiscovery.testCases(in: text) }
    }

    /// The one wiring analysis of the check: broken rules and the findings for "Wiring:".
    private func analyseWiring(of exercise: Exercise, source: URL, parsed: ParsedSource?) -> WiringCheck {
        WiringCheck.analyse(
            exercise, source: source, parsed: parsed, vocabulary: wiringVocabulary(exercise), fileSystem: fileSystem, cache: cache)
    }

    /// The learner's declarations that would take the place of names the checks use (see
    /// `ShadowingAudit`), as errors at their lines. What the checks use is worked out once per
    /// checks file and solution, and kept.
    private func shadowingFindings(of exercise: Exercise, source: URL, parsed: ParsedSource?) -> [CompilerDiagnostic] {
        guard exercise.hasChecks, let parsed, let checks = try? fileSystem.text(of: exercise.checks) else { return [] }
        let solution = (try? fileSystem.text(of: exercise.solution)) ?? ""
        var key = CacheKey("didojo shadowing audit, version 1")
        key.add(checks)
        key.add(solution)
        let audit = cache.value(ShadowingAudit.self, for: key) { ShadowingAudit(checks: [checks], solution: solution) }
        return audit.findings(inLearnerTree: parsed.tree, path: source.path)
    }

    /// The compiler flags an exercise asks for on the learner's file: its language mode when
    /// it is not the steps' Swift 5 (the last `-swift-version` wins), and its `warnings-as-errors`
    /// groups, e.g. `-Werror SendableClosureCaptures` for code that Swift 6 would reject.
    static func compilerFlags(of exercise: Exercise) -> [String] {
        (exercise.languageMode == 5 ? [] : ["-swift-version", String(exercise.languageMode)])
            + exercise.warningsAsErrors.flatMap { ["-Werror", $0.group] }
    }
}
