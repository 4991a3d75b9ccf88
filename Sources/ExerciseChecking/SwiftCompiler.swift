import DojoCore
import ChildProcess
import Foundation

/// Runs a check's compile steps: asks `swiftc` once per step what it would run (see
/// `CompilerPlan`), then runs those commands directly for every check.
///
/// Plans are kept on disk (in the step cache) until the compiler or the lesson library is
/// rebuilt, so `didojo check` from a script does not ask again each time.
///
/// If the driver cannot give a plan (an unusual toolchain, flags it rejects), the step runs
/// through `swiftc` itself: slower, but the same result and the driver's own error messages.
actor SwiftCompiler {
    private let toolchain: Toolchain
    private let products: BuildProducts
    private let launcher: any ProcessLaunching
    private let fileSystem: any FileSystem
    private let cache: CompiledStepCache
    private let moduleCache: URL
    /// Where the driver may make its temporary folder when asked for a plan (see `askPlan`).
    private let scratch: URL
    private let environment: [String: String]
    private let timeout: Duration
    private let outputLimit: Int
    private var plans: [CompileStep: CompilerPlan] = [:]
    /// The plans being asked for now, which a second caller waits for rather than asking again.
    private var planning: [CompileStep: Task<CompilerPlan, any Error>] = [:]
    /// The system's GNU linker for a check's small libraries (see `LeanLibraryLink`), or nil.
    private let systemLinker: String?
    private var linkerCommands: [CompilerPlan.Command: [CompilerPlan.Command]] = [:]
    /// The compile `didojo check ID` started as it began (see `EarlyCompile`), which the check's
    /// compile of the learner's code takes over when it is the same one.
    private let earlyCompile: EarlyCompile?
    /// Where each exercise's recipe for the next early compile is kept.
    private let recipes: URL

    init(
        setup: CompilerSetup, ports: CheckerPorts, cache: CompiledStepCache, moduleCache: URL, scratch: URL, recipes: URL,
        settings: CheckSettings, earlyCompile: EarlyCompile? = nil
    ) {
        toolchain = setup.toolchain
        products = setup.products
        environment = setup.environment
        launcher = ports.launcher
        fileSystem = ports.fileSystem
        self.cache = cache
        self.moduleCache = moduleCache
        self.scratch = scratch
        timeout = settings.compileTimeout
        outputLimit = settings.outputLimit
        systemLinker = LeanLibraryLink.systemLinker(environment: environment, fileSystem: fileSystem)
        self.recipes = recipes
        self.earlyCompile = earlyCompile
    }

    /// The commands `step` runs, still with placeholders; what a cached result depends on.
    /// Asked once however many callers want it at the same time (see `askAhead(for:)`).
    ///
    /// - Parameter niceness: how much lower than the checker's the driver's priority is, when
    ///   it must be asked.
    func plan(for step: CompileStep, niceness: Int32 = 0) async throws -> CompilerPlan {
        if let plan = plans[step] { return plan }
        let asking = planning[step] ?? Task { try await askPlan(for: step, niceness: niceness) }
        planning[step] = asking
        do {
            let plan = try await asking.value
            plans[step] = plan
            planning[step] = nil
            return plan
        } catch {
            planning[step] = nil
            throw error
        }
    }

    /// Has the plans of `steps` ready, asked side by side. With an empty cache each plan is a
    /// run of the compiler driver (50–100 ms); asked one before each step, they were a fifth of
    /// a first check. The first step's is wanted at once; the others only once it has
    /// compiled, so they are asked at a lower priority.
    func askAhead(for steps: [CompileStep]) async {
        await withTaskGroup(of: Void.self) { group in
            for (index, step) in steps.enumerated() where plans[step] == nil {
                group.addTask { _ = try? await self.plan(for: step, niceness: index == 0 ? 0 : OffThePool.lowerPriority) }
            }
        }
    }

    /// The plan of `step` as the step cache keeps it, or as the driver gives it (then kept).
    private func askPlan(for step: CompileStep, niceness: Int32) async throws -> CompilerPlan {
        let arguments = step.driverArguments(
            folder: CompilerPlan.placeholderFolder,
            inputs: [CompilerPlan.placeholderInput(extension: step.inputExtension)],
            toolchain: toolchain, products: products, moduleCache: moduleCache
        )
        var key = CacheKey("didojo compiler plan, version 1")
        key.add(builtFile: toolchain.swiftc.resolvingSymlinksInPath(), fileSystem: fileSystem)
        key.add(builtFile: products.library, fileSystem: fileSystem)
        key.add(arguments.joined(separator: "\u{0}"))
        if let kept = cache.value(CompilerPlan.self, for: key) { return kept }
        var question = request(toolchain.swiftc.path, ["-###"] + arguments)
        question.niceness = niceness
        // The driver makes a folder for its temporary files in $TMPDIR (TemporaryDirectory.XXXXXX)
        // even when it only prints its plan, and leaves it there: four empty folders in the
        // learner's temporary directory at every check with a new cache (17,000 in this
        // machine's /tmp from the test suite). It gets a private one, removed once it answered.
        let driverTemporary = try? fileSystem.makePrivateFolder(in: scratch, prefix: "didojo-plan-")
        defer { if let driverTemporary { try? fileSystem.removeItem(at: driverTemporary) } }
        if let driverTemporary { question.environment["TMPDIR"] = driverTemporary.path }
        let asked = try await launcher.run(question)
        let plan = asked.termination == .exited(0)
            ? CompilerPlan.parse(driverOutput: asked.standardOutput, inputExtension: step.inputExtension)
            : nil
        if let plan { cache.store(plan, for: key) }
        return plan ?? CompilerPlan(commands: [.init(executable: toolchain.swiftc.path, arguments: arguments)])
    }

    /// Runs `step` on `inputs`, writing its outputs into `folder`. Stops at the first command
    /// that fails, and returns that command's result (its messages are the ones that matter).
    ///
    /// - Parameters:
    ///   - compilerFlags: more flags for the compiler itself (not the linker), such as an
    ///     exercise's `-Werror <group>`; they count in the step's cache key.
    ///   - niceness: how much lower than the checker's the commands' priority is.
    ///   - exerciseID: the exercise whose learner's code this compiles, when it does: its one
    ///     compiler command may be the early compile's (see `EarlyCompile`), and is kept as the
    ///     recipe of the next one.
    func run(
        _ step: CompileStep, inputs: [URL], in folder: URL, compilerFlags: [String] = [], niceness: Int32 = 0,
        learnersCompileOf exerciseID: String? = nil
    ) async throws -> ChildProcessResult {
        var last = ChildProcessResult(termination: .exited(0))
        let plannedCommands = try await plan(for: step).commands
        // An early compile repeats one command, the compiler's, with nothing before it.
        let repeatable = plannedCommands.count == 1 ? exerciseID : nil
        for planned in plannedCommands {
            let lowered = ClangLinkLowering.isClangDriver(planned)
                ? try await linkerCommands(for: planned, step: step, in: folder)
                : [planned]
            let commands = CompilerPlan(commands: lowered)
                .commands(in: folder, inputs: inputs, inputExtension: step.inputExtension)
            for inPlace in commands {
                let autolink = AutolinkExtraction(command: inPlace, fileSystem: fileSystem)
                if let autolink, autolink.restore(from: cache) { continue }
                // Made lean only now: the libraries the objects ask for are in a file that the
                // command before this one has just written.
                let command = step == .exerciseLibrary || step == .link ? lean(inPlace) : inPlace
                let frontend = command.executable.hasSuffix("/swift-frontend") && command.arguments.first == "-frontend"
                let compiles = frontend || command.executable == toolchain.swiftc.path
                // The frontend says when its outputs are written, and its exit is not waited for
                // (see `ParseableCompilerOutput`); not under warnings made errors, whose group
                // (`[#Group]`, which names the exercise's explanation) only the printed form has.
                let parseable = frontend && !compilerFlags.contains("-Werror")
                var request = request(
                    command.executable,
                    command.arguments + (compiles ? compilerFlags : []) + (parseable ? [ParseableCompilerOutput.flag] : [])
                )
                request.workingDirectory = folder.path
                request.niceness = niceness
                if parseable { request.reportedEnd = ParseableCompilerOutput.reportedEnd }
                last = try await launch(request, in: folder, inputs: inputs, learnersCompileOf: frontend && commands.count == 1 ? repeatable : nil)
                if parseable { last.standardError = ParseableCompilerOutput(Array(last.standardError.utf8)).text }
                if last.cancelled || last.termination != .exited(0) { return last }
                autolink?.store(in: cache)
            }
        }
        return last
    }

    /// The learner's code was found compiled: the early compile is not needed.
    nonisolated func earlyCompileNotNeeded() {
        earlyCompile?.stopSoon()
    }

    /// Runs `request`. For the learner's compile of `exerciseID`: takes the early compile over
    /// when it is this one, and keeps the recipe of this one for the next check.
    private func launch(
        _ request: ChildProcessRequest, in folder: URL, inputs: [URL], learnersCompileOf exerciseID: String?
    ) async throws -> ChildProcessResult {
        guard let exerciseID, let recipe = EarlyCompileRecipe(request: request, folder: folder, inputs: inputs, fileSystem: fileSystem) else {
            return try await launcher.run(request)
        }
        let result: ChildProcessResult
        if let adopted = await earlyCompile?.adopt(recipe, environment: request.environment, in: folder) {
            result = adopted
        } else {
            result = try await launcher.run(request)
        }
        if !result.cancelled { EarlyCompile.keep(recipe, for: exerciseID, in: recipes, fileSystem: fileSystem) }
        return result
    }

    /// `command` as a link of a library that is loaded only into the program that runs the
    /// checks (see `LeanLibraryLink`), the libraries its response files list read in; or
    /// `command` itself when it cannot be made lean.
    private func lean(_ command: CompilerPlan.Command) -> CompilerPlan.Command {
        let fileSystem = self.fileSystem
        var arguments: [String] = []
        for argument in command.arguments {
            guard argument.hasPrefix("@") else { arguments.append(argument); continue }
            guard let text = try? fileSystem.text(of: URL(fileURLWithPath: String(argument.dropFirst()))),
                  ClangLinkLowering.isLibraryList(text) else { return command }
            arguments += CommandLineWords.split(text)
        }
        let loaded = CompileStep.programLibraries.union(products.libraryNames)
        let expanded = CompilerPlan.Command(executable: command.executable, arguments: arguments)
        return LeanLibraryLink.command(from: expanded, systemLinker: systemLinker, keeping: { !loaded.contains($0) }) { folder in
            fileSystem.fileExists(at: URL(fileURLWithPath: folder).appendingPathComponent(LeanLibraryLink.staticCPart))
        } ?? command
    }

    /// The linker commands a planned clang link runs (see `ClangLinkLowering`), or the clang
    /// command itself when clang cannot say. Asked the first time, when the files clang looks
    /// for exist in `folder` (the objects, the response files), and kept on disk by the command.
    private func linkerCommands(
        for planned: CompilerPlan.Command, step: CompileStep, in folder: URL
    ) async throws -> [CompilerPlan.Command] {
        if let known = linkerCommands[planned] { return known }
        // Version 2: response files stay files (version 1 kept the first check's libraries).
        var key = CacheKey("didojo linker commands of a clang link, version 2")
        key.add(builtFile: URL(fileURLWithPath: planned.executable).resolvingSymlinksInPath(), fileSystem: fileSystem)
        key.add(planned.arguments.joined(separator: "\u{0}"))
        if let kept = cache.value([CompilerPlan.Command].self, for: key) {
            linkerCommands[planned] = kept
            return kept
        }
        let answer = try await askClang(planned, step: step, in: folder)
        // Without an answer this process links through clang; the next one asks again.
        if let answer { cache.store(answer, for: key) }
        linkerCommands[planned] = answer ?? [planned]
        return answer ?? [planned]
    }

    /// What clang runs for `planned`, with the placeholders put back, or nil when it cannot say.
    private func askClang(
        _ planned: CompilerPlan.Command, step: CompileStep, in folder: URL
    ) async throws -> [CompilerPlan.Command]? {
        let placeholderInput = CompilerPlan.placeholderInput(extension: step.inputExtension)
        // The planned input stands for all of the step's inputs; clang wants it to exist.
        let input = folder.appendingPathComponent(URL(fileURLWithPath: placeholderInput).lastPathComponent)
        try fileSystem.writeReplaceable(Data(), to: input)
        defer { try? fileSystem.removeItem(at: input) }
        let real = CompilerPlan(commands: [planned]).commands(in: folder, inputs: [input], inputExtension: step.inputExtension)[0]
        for argument in real.arguments where argument.hasPrefix("@") {
            let file = URL(fileURLWithPath: String(argument.dropFirst()))
            guard let text = try? fileSystem.text(of: file), ClangLinkLowering.isLibraryList(text) else { return nil }
        }
        var question = request(real.executable, ClangLinkLowering.questionArguments(for: real))
        question.workingDirectory = folder.path
        let answer = try await launcher.run(question)
        guard answer.termination == .exited(0) else { return nil }
        return ClangLinkLowering.commands(inAnswer: answer.standardError, folder: folder, input: placeholderInput)
    }

    private func request(_ executable: String, _ arguments: [String]) -> ChildProcessRequest {
        ChildProcessRequest(
            executable: executable, arguments: arguments, environment: environment,
            workingDirectory: nil, timeout: timeout, outputLimit: outputLimit, memoryLimit: nil
        )
    }
}
