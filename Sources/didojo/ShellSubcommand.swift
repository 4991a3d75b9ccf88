import ArgumentParser
import DojoCatalog
import DojoCore
import DojoShell
import DojoWorkspace
import Foundation
import TerminalMarkdown

/// `didojo` (or `didojo shell`): the interactive shell.
struct ShellSubcommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "shell", abstract: "Start the interactive shell (the default).")

    @OptionGroup var global: GlobalOptions

    @MainActor
    func run() async throws {
        try await Self.start(with: global.setup)
    }

    /// Runs the shell until the learner leaves; also what a bare `didojo` calls directly.
    @MainActor
    static func start(with options: SetupOptions) async throws {
        let root = CompositionRoot(options: options)
        let completion = CompletionProvider()
        let terminal = root.terminal(completion: completion)
        // Messages about the set-up go to the terminal for a person, to stderr for a script,
        // so that a script's standard output holds only what its commands print.
        let notice: (String) -> Void = terminal.isInteractive
            ? { terminal.write(TextWrapper(width: terminal.style.width).wrap($0) + "\n") }
            : { StandardStreams.writeError($0 + "\n") }

        let catalog: LessonCatalog
        do {
            catalog = try root.catalog()
        } catch {
            notice(error.localizedDescription)
            throw ExitCode(2)
        }
        root.trace.mark("catalog loaded")
        for problem in catalog.problems {
            notice("This lesson could not be loaded and is left out: \(problem.description)")
        }
        if let workshopNotice = root.workshopNotice() { notice(workshopNotice) }
        let workspace = root.workspace()
        do {
            if try workspace.prepare(for: catalog.allExercises) {
                notice("Created your workspace at \(workspace.root.path): your copies of the exercises live there.")
            }
        } catch {
            notice(error.localizedDescription)
            throw ExitCode(2)
        }
        root.updateEditorSupportFiles(in: workspace, for: catalog.allExercises)
        root.trace.mark("workspace ready")
        // Held for as long as the shell runs: one shell per workspace, so that two do not
        // keep moving each other's place in the lessons. (Progress itself is safe either way:
        // every change is saved under the progress lock, see `ProgressStore`.)
        let lock: WorkspaceLock?
        switch root.lock(workspace, purpose: "a didojo shell") {
        case .acquired(let held):
            lock = held
        case .heldBy(let holder):
            notice(DojoError.workspaceInUse(path: workspace.root.path, holder: holder).localizedDescription)
            throw ExitCode(2)
        case .unavailable(let reason):
            notice("Could not lock the workspace (\(reason)), so a second didojo on it would not be stopped.")
            lock = nil
        }
        root.pointTimeline(at: workspace)
        let store = root.progressStore(for: workspace)
        let loaded: ProgressStore.Loaded
        do {
            loaded = try store.read()
        } catch {
            notice(error.localizedDescription)
            throw ExitCode(2)
        }
        if let warning = loaded.warning { notice(warning) }
        root.trace.mark("progress read")

        let dependencies = root.shellDependencies(terminal: terminal, catalog: catalog, workspace: workspace, store: store)
        let shell = Shell(session: ShellSession(dependencies: dependencies, progress: loaded.progress))
        root.trace.mark("shell made")
        shell.session.pagerEnabled = !options.noPager
        completion.candidates = { [unowned shell] words, partial in
            shell.completionCandidates(wordsBeforeCursor: words, partialWord: partial)
        }
        var warmUp: Task<Void, Never>?
        if terminal.isInteractive {
            // In a workshop the teacher's grades and the learner's report carry a name: asked
            // once, unless the teacher's handout already wrote it (Enter skips, for good).
            if (try? root.workshop()) ?? nil != nil, workspace.learner() == nil {
                if case .line(let typed) = terminal.readLine(prompt: terminal.wrappedPrompt("Your name, for your report and your teacher's grades (Enter to skip): ")) {
                    try? workspace.saveLearner(LearnerRecord(name: typed))
                }
            }
            Welcome.show(shell.session)
            root.trace.mark("welcome shown")
            // A person will check soon: get the checker ready while they read.
            if let exercise = shell.session.currentExercise ?? catalog.allExercises.first {
                warmUp = root.startWarmUp(for: exercise, in: workspace, catalog: catalog, vocabularies: dependencies.course.wiringVocabularies)
            }
        }
        root.trace.mark("shell running")
        await shell.run()
        await Self.stop(warmUp)
        withExtendedLifetime(lock) {}
        // Told to stop (SIGTERM, SIGHUP): what ran was cancelled and cleaned up; now the shell
        // ends by that signal (the kernel lets go of the workspace lock, a `flock`).
        LiveInterruptSource.endIfStopped()
    }

    /// Cancels the warm-up if it still runs, and waits for it to clean up: its check removes its
    /// own folder of compiled files as it stops (tens of milliseconds), so a shell quit (or
    /// closed) while it compiled left that folder in the temporary directory. For 10 s at most:
    /// it runs below every other priority, which on a machine busy with other work can starve
    /// it, and quitting must not wait on that.
    private static func stop(_ warmUp: Task<Void, Never>?) async {
        guard let warmUp else { return }
        warmUp.cancel()
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await warmUp.value }
            group.addTask { try? await Task.sleep(for: .seconds(10)) }
            await group.next()
            group.cancelAll()
        }
    }
}
