import ChildProcess
import DojoCore
import DojoGrading
import Foundation

/// One build and run of a check's program (see `CheckProgramRequest`): the code under test and
/// the tests compiled into libraries while the program that runs them starts behind a gate
/// (see `ChecksProgram`), then the gate opened and the results read into a report.
struct CheckProgramRun: Sendable {
    let steps: CompiledSteps
    let checksProgram: ChecksProgram
    let fileSystem: any FileSystem
    /// Where each run makes its private folder.
    let scratchFolder: URL
    let settings: CheckSettings
    let trace: PhaseTrace

    /// What one run works with, made when it starts.
    fileprivate struct Attempt: Sendable {
        let folder: URL
        let gate = ChildProcessGate()
        let tokens: ResultTokens
        let results: URL
        let started = ContinuousClock.now

        func stopped(_ exerciseID: String, _ outcome: CheckReport.Outcome, _ diagnostics: [CompilerDiagnostic] = []) -> CheckReport {
            CheckReport(exerciseID: exerciseID, outcome: outcome, diagnostics: diagnostics, duration: started.duration(to: .now))
        }

        /// The report of a run whose building ended at a step that did not build.
        func stopped(_ exerciseID: String, at step: CompiledSteps.StepResult) -> CheckReport {
            if case .failed(let diagnostics) = step { return stopped(exerciseID, .compileFailed, diagnostics) }
            return stopped(exerciseID, .cancelled)
        }
    }

    /// What a caller hears of a run's build, to time work of its own by it: a test-writing
    /// check starts the program its mutants run in as the subject's checks begin to compile,
    /// and stops it the moment that build fails.
    struct BuildEvents: Sendable {
        /// The checks are about to be compiled (or found compiled).
        var checksCompiling: @Sendable () -> Void = {}
        /// The build failed (a compile error, a refusal): the run reports without running.
        var failed: @Sendable () -> Void = {}
    }

    /// A run whose program has started behind its gate (see `start(_:server:)`);
    /// `finish(_:admission:onPhase:events:)` must follow.
    struct StartedRun: Sendable {
        let request: CheckProgramRequest
        fileprivate let attempt: Attempt
        fileprivate let ran: Task<ChecksProgram.Run, any Error>
    }

    /// Builds the code under test and the tests (with a generated entry point that runs the
    /// request's test cases) into libraries, runs them in the program that runs checks, and
    /// reports.
    ///
    /// - Parameter admission: the audit of what the learner's file reaches (see `ReachAudit`),
    ///   made while the compiler works. The program is let go only when it found nothing
    ///   (nil); otherwise the run ends unopened as cancelled, and the caller reports the refusal.
    func run(
        _ request: CheckProgramRequest, admission: Task<CheckReport?, Never>, onPhase: @escaping @Sendable (CheckPhase) -> Void
    ) async throws -> CheckReport {
        onPhase(.compiling)
        return try await finish(try start(request), admission: admission, onPhase: onPhase)
    }

    /// Starts the program that will run `request`'s checks, in a private folder of the run's
    /// own, where it loads XCTest, Foundation and the lesson library, then waits behind its gate.
    ///
    /// - Parameter server: the fork server to run it in (see `PlantedBugsServer`), when it loaded
    ///   the lesson library this run needs; the run is then a fork of it, waiting behind its
    ///   gate, in a folder inside the server's.
    func start(_ request: CheckProgramRequest, server: PlantedBugsServer.Started? = nil) throws -> StartedRun {
        let lessonLibrary = lessonLibrary(for: request)
        let server = server.flatMap { $0.lessonLibrary == lessonLibrary ? $0 : nil }
        // Private (mode 0700, a name nobody can take first): on a shared classroom machine,
        // another user's program must not be able to plant files where the checks are built.
        let folder = try fileSystem.makePrivateFolder(in: server?.folder ?? scratchFolder, prefix: "didojo-check-")
        let attempt = Attempt(
            folder: folder, tokens: ResultTokens(testNames: TestMainGenerator.testNames(of: request.testCases)),
            results: folder.appendingPathComponent("results-\(UUID().uuidString).jsonl")
        )
        // The program that runs the checks starts now, beside the compiler, and waits behind
        // the gate until the code is ready: loading XCTest, Foundation and the lesson library
        // is most of its start-up, and the compiler leaves the second core idle. A task of its
        // own rather than `async let`, so that it can be cancelled alone when the code under
        // test does not build (the program may still be building, the first time);
        // cancelling this check cancels it too.
        let ran = Task { [checksProgram] in
            try await checksProgram.start(
                in: folder, results: attempt.results, tokens: attempt.tokens, runOnly: request.runOnly,
                plantedBug: request.plantedBug, gate: attempt.gate,
                lessonLibrary: lessonLibrary, server: server?.connection)
        }
        return StartedRun(request: request, attempt: attempt, ran: ran)
    }

    /// The lesson library `request`'s program loads (see `BuildProducts.library(forImports:fileSystem:)`).
    func lessonLibrary(for request: CheckProgramRequest) -> URL {
        steps.products.library(forImports: importsMentioned(by: request), fileSystem: fileSystem)
    }

    /// Starts a fork server that loads `lessonLibrary` (see `PlantedBugsServer`), in a private
    /// folder of its own; nil when it cannot start.
    func startServer(lessonLibrary: URL) -> PlantedBugsServer.Started? {
        guard let connection = try? ForkServerConnection(),
              let folder = try? fileSystem.makePrivateFolder(in: scratchFolder, prefix: "didojo-check-") else { return nil }
        let served = Task { [checksProgram] in
            _ = try? await checksProgram.serve(in: folder, connection: connection, lessonLibrary: lessonLibrary)
        }
        return PlantedBugsServer.Started(connection: connection, folder: folder, lessonLibrary: lessonLibrary, served: served)
    }

    /// Removes a fork server's folder once it has ended.
    func removeServerFolder(_ folder: URL) {
        try? fileSystem.removeItem(at: folder)
    }

    /// Builds what `started` runs, lets its program go, and reports (see `run`).
    func finish(
        _ started: StartedRun, admission: Task<CheckReport?, Never>, onPhase: @escaping @Sendable (CheckPhase) -> Void,
        events: BuildEvents = BuildEvents()
    ) async throws -> CheckReport {
        let (request, attempt, ran) = (started.request, started.attempt, started.ran)
        defer { try? fileSystem.removeItem(at: attempt.folder) }
        do {
            return try await withTaskCancellationHandler {
                try await build(request, attempt, ran: ran, admission: admission, onPhase: onPhase, events: events)
            } onCancel: {
                ran.cancel()
            }
        } catch {
            // Whatever failed (a write, a cache key, a compiler that would not start), the
            // program waiting behind the gate must not wait for ever, nor its thread: it is
            // let go unopened, and the run ends only once it has.
            attempt.gate.abandon()
            ran.cancel()
            _ = try? await ran.value
            throw error
        }
    }

    /// The rest of `run`: builds the code and the checks while `ran` gets the program that
    /// runs them ready, then lets it go and reads what it reported.
    private func build(
        _ request: CheckProgramRequest, _ attempt: Attempt, ran: Task<ChecksProgram.Run, any Error>,
        admission: Task<CheckReport?, Never>, onPhase: @escaping @Sendable (CheckPhase) -> Void, events: BuildEvents
    ) async throws -> CheckReport {
        let folder = attempt.folder
        let entry = folder.appendingPathComponent("CheckEntry.swift")
        try fileSystem.writeReplaceable(TestMainGenerator.entrySource(for: request.testCases), to: entry)
        let reexports = folder.appendingPathComponent(CompileStep.reexportsFile)

        // What of the learner's code the checks depend on is read while it compiles.
        let sourcesBefore = sourceTexts(of: request)
        async let checkedInterface = OffThePool.run(after: request.learnerParse) { learnerParse in
            sourcesBefore.flatMap { checkedInterfaceText(of: $0, checks: request.tests, learnerParse: learnerParse) }
        }

        var built = try await buildCodeUnderTest(request, in: folder)
        if built == .built {
            // The checks are compiled against the interface just built; when it has not
            // changed, neither have they, nor the library linked from them. The tests' copies
            // are made only when they must be compiled.
            let interface = await checkedInterface.flatMap { checked in
                // Read again: a file saved while it compiled was not what the compiler saw.
                sourceTexts(of: request) == sourcesBefore ? Data(checked.utf8) : nil
            } ?? (try? fileSystem.contents(of: folder.appendingPathComponent(CompileStep.exerciseInterface))) ?? Data()
            let checksFlags = request.flags(for: .checksModule)
            let checksKey = try await steps.key(
                for: .checksModule, inputs: request.tests + [entry, reexports], in: folder, interface: interface, flags: checksFlags)
            let linkKey = try await steps.key(for: .link, after: checksKey)
            events.checksCompiling()
            // The library linked from the checks is all a run needs of them: their module and
            // object, which only a link reads, are not copied out of the cache for it.
            if !steps.restore(.link, key: linkKey, into: folder) {
                built = try await steps.build(.checksModule, key: checksKey, in: folder, flags: checksFlags) {
                    try testsFileCopies(of: request, in: folder, reexports: reexports) + [entry]
                }
                if built == .built {
                    built = try await steps.build(.link, key: linkKey, in: folder) {
                        [folder.appendingPathComponent(CompileStep.checksObject)]
                    }
                }
            }
        }
        guard built == .built, await admission.value == nil else {
            events.failed()
            attempt.gate.abandon()
            ran.cancel()
            _ = try? await ran.value
            return attempt.stopped(request.exerciseID, at: built == .built ? .cancelled : built)
        }

        onPhase(.running)
        attempt.gate.open()
        trace.mark("gate opened")
        let run: ChildProcessResult
        switch try await ran.value {
        case .ran(let result): run = result
        case .notStarted(let step): return attempt.stopped(request.exerciseID, at: step)
        }
        let log = TestEventLog(
            text: (try? fileSystem.text(of: attempt.results)) ?? "", tokens: attempt.tokens,
            running: request.runOnly.isEmpty ? nil : Set(request.runOnly)
        )
        let backtrace = (try? fileSystem.contents(of: folder.appendingPathComponent(CrashBacktrace.fileName))) ?? Data()
        return CompilingChecker.report(
            exerciseID: request.exerciseID, run: run, log: log, expectedCount: request.expectedCount,
            settings: settings, duration: attempt.started.duration(to: .now), backtrace: backtrace
        )
    }

    /// Compiles `request`'s code under test and links it into its library, in `folder`.
    ///
    /// - Parameter niceness: how much lower than the checker's the compiler's priority is.
    private func buildCodeUnderTest(_ request: CheckProgramRequest, in folder: URL, niceness: Int32 = 0) async throws -> CompiledSteps.StepResult {
        let exerciseFlags = request.flags(for: .exerciseModule)
        let exerciseKey = try await moduleKey(of: request, in: folder)
        // The re-exports are made from the code under test, and kept with its module; the files
        // made for the run are written only when it must be compiled.
        let reexports = folder.appendingPathComponent(CompileStep.reexportsFile)
        // The learner's own code (a planted bug's, compiled ahead, is the lesson's).
        let learners = request.learnerStep == .exerciseModule ? request.exerciseID : nil
        let built = try await steps.build(
            .exerciseModule, key: exerciseKey, in: folder, flags: exerciseFlags, niceness: niceness, learnersCompileOf: learners
        ) {
            let underTest = try request.underTest + written(request.generatedUnderTest, in: folder)
            try fileSystem.writeReplaceable(ImportDiscovery.reexportSource(for: importedModules(of: underTest)), to: reexports)
            return underTest + [reexports]
        }
        guard built == .built else { return built }
        let libraryKey = try await steps.key(for: .exerciseLibrary, after: exerciseKey)
        return try await steps.build(.exerciseLibrary, key: libraryKey, in: folder, niceness: niceness) {
            [folder.appendingPathComponent(CompileStep.exerciseObject)]
        }
    }

    /// Compiles and links the code under test of `request` into the step cache, where its run
    /// will find it, below the check's priority; nothing when the cache has it already. For the
    /// planted bugs of a test-writing exercise, whose code never changes: with an empty cache,
    /// compiling them one after the other was half of a first check, and the subject's compiles
    /// leave a core idle. Cancelling it stops the compiler.
    ///
    /// - Returns: how the compile ended (`.built` when the cache had it, `.cancelled` when it
    ///   could not be tried).
    @discardableResult
    func compileAhead(_ request: CheckProgramRequest) async -> CompiledSteps.StepResult {
        // Keyed by the lesson's files and the files made for the run, which count by their name
        // in the folder: the same key in every folder.
        guard let moduleKey = try? await moduleKey(of: request, in: scratchFolder),
              let libraryKey = try? await steps.key(for: .exerciseLibrary, after: moduleKey) else { return .cancelled }
        if steps.cache.file(CompileStep.exerciseLibraryFile, for: libraryKey) != nil { return .built }
        guard let folder = try? fileSystem.makePrivateFolder(in: scratchFolder, prefix: "didojo-ahead-") else { return .cancelled }
        defer { try? fileSystem.removeItem(at: folder) }
        return (try? await buildCodeUnderTest(request, in: folder, niceness: OffThePool.lowerPriority * 2)) ?? .cancelled
    }

    /// The cache key of `request`'s code under test, compiled in `folder`.
    private func moduleKey(of request: CheckProgramRequest, in folder: URL) async throws -> CacheKey {
        try await steps.key(
            for: .exerciseModule, inputs: request.underTest, made: request.generatedUnderTest, in: folder,
            flags: request.flags(for: .exerciseModule))
    }

    /// Writes `files` into `folder`, and returns where.
    private func written(_ files: [CheckProgramRequest.GeneratedFile], in folder: URL) throws -> [URL] {
        try files.map { file in
            let url = folder.appendingPathComponent(file.name)
            let parent = url.deletingLastPathComponent()
            if !fileSystem.directoryExists(at: parent) { try fileSystem.createDirectory(at: parent) }
            try fileSystem.writeReplaceable(file.text, to: url)
            return url
        }
    }

    /// The texts of the code under test when the learner's file is part of it (an
    /// implementation exercise); nil for the subject of a test-writing exercise, whose checks
    /// are keyed by the module's whole interface (its planted bugs keep it as it is).
    private func sourceTexts(of request: CheckProgramRequest) -> [String]? {
        guard request.learnerStep == .exerciseModule else { return nil }
        let texts = request.underTest.map { try? fileSystem.text(of: $0) }
        return texts.contains(nil) ? nil : texts.compactMap { $0 }
    }

    /// What the checks depend on of the code under test (see `CheckedInterface`). The names in
    /// the lesson's checks are read once per checks file and kept.
    private func checkedInterfaceText(of sources: [String], checks: [URL], learnerParse: ParsedSource?) -> String? {
        let texts = checks.map { try? fileSystem.text(of: $0) }
        guard !texts.contains(nil) else { return nil }
        var key = CacheKey("didojo names in checks, version 1")
        for text in texts { key.add(text ?? "") }
        let names = steps.cache.value([String].self, for: key) {
            texts.reduce(into: Set<String>()) { $0.formUnion(CheckedInterface.names(in: $1 ?? "")) }.sorted()
        }
        return CheckedInterface.text(of: sources, namesInChecks: Set(names), parsed: learnerParse)
    }

    /// The copies of the tests files the checks module is compiled from (see `TestsFileCopy`).
    private func testsFileCopies(of request: CheckProgramRequest, in folder: URL, reexports: URL) throws -> [URL] {
        let reexported = ImportDiscovery.modules(in: [try fileSystem.text(of: reexports)])
        var copies: [URL] = []
        for (index, original) in request.tests.enumerated() {
            let copy = folder.appendingPathComponent("tests-\(index)-\(original.lastPathComponent)")
            let text = try fileSystem.text(of: original)
            // The lesson's checks call XCTest by module; the learner's own tests are left as
            // they wrote them, their imports found by the check's reading of them (parsed
            // again only when the file changed since).
            let copied: String
            if original != request.learnerFile {
                copied = lessonTestsFileCopy(of: text, originalPath: original.path, leavingOutImportsOf: reexported)
            } else if let reading = request.learnerTestsReading, reading.text == text {
                copied = TestsFileCopy.text(of: text, imports: reading.imports, originalPath: original.path, leavingOutImportsOf: reexported)
            } else {
                copied = TestsFileCopy.text(of: text, originalPath: original.path, leavingOutImportsOf: reexported)
            }
            try fileSystem.writeReplaceable(copied, to: copy)
            copies.append(copy)
        }
        return copies
    }

    /// The copy of a lesson's checks file, calling XCTest by module. Making it parses the file
    /// twice, a noticeable part of a check after an interface edit; the lesson's file does not
    /// change, so the copy is kept by everything it depends on. (A learner's own tests change
    /// at every check: they are copied each time.)
    private func lessonTestsFileCopy(of text: String, originalPath: String, leavingOutImportsOf modules: [String]) -> String {
        var key = CacheKey("didojo lesson checks file copy, version 1")
        key.add(text)
        key.add(originalPath)
        key.add(modules.joined(separator: "\u{0}"))
        return steps.cache.value(String.self, for: key) {
            TestsFileCopy.text(of: text, originalPath: originalPath, leavingOutImportsOf: modules, qualifyingXCTest: true)
        }
    }

    /// Every module the code under test and the tests might import (see
    /// `ImportDiscovery.mentionedModules(in:)`), for the choice of the lesson library their
    /// program loads. A file that cannot be read adds nothing: the compiler says why.
    private func importsMentioned(by request: CheckProgramRequest) -> Set<String> {
        let files = (request.underTest + request.tests).reduce(into: Set<String>()) { modules, file in
            modules.formUnion((try? fileSystem.text(of: file)).map(ImportDiscovery.mentionedModules(in:)) ?? [])
        }
        return request.generatedUnderTest.reduce(into: files) { $0.formUnion(ImportDiscovery.mentionedModules(in: $1.text)) }
    }

    /// The modules the code under test imports. Parsing the learner's file again takes a
    /// noticeable part of a quick check, and its imports hardly ever change between checks, so
    /// the answer is kept by the lines it depends on (see `ImportDiscovery.importLines(of:)`).
    private func importedModules(of sources: [URL]) -> [String] {
        let texts = sources.map { (try? fileSystem.text(of: $0)) ?? "" }
        var key = CacheKey("didojo imported modules, version 1")
        for text in texts { key.add(ImportDiscovery.importLines(of: text)) }
        return steps.cache.value([String].self, for: key) { ImportDiscovery.modules(in: texts) }
    }
}
