import ChildProcess
import DojoCatalog
import DojoCore
import DojoGrading
import DojoShell
import DojoWorkspace
import ExerciseChecking
import Foundation
import LineEditing
import TerminalMarkdown
import WiringAnalysis

/// The one place where the real machine is plugged in: the file system, the clock, the
/// terminal, the compiler and the processes. Everything else receives these from here, which
/// is why the shell's tests can run it against fakes.
@MainActor
struct CompositionRoot {
    let options: SetupOptions
    let environment: [String: String]
    let fileSystem: any FileSystem = LocalFileSystem()
    let timeSource: any TimeSource = SystemTimeSource()
    /// The one clock the shell waits on (file watching, the check's phases, the class).
    let clock: any Clock<Duration> = ContinuousClock()
    /// Starts and supervises every child process: the compiler, the checks, the demos' list;
    /// timed on the one clock.
    let launcher: ChildProcessLauncher
    /// Where a check's phases are recorded for the benchmark (`DIDOJO_TRACE`); off otherwise.
    let trace: PhaseTrace
    /// `--workspace`, else `$DIDOJO_WORKSPACE`, else `~/didojo-workspace`.
    let workspaceRoot: URL
    /// The workshop file, read once: the catalog, the checker's timeout and the shell all ask.
    private let workshopFile: Result<Workshop?, any Error>

    init(options: SetupOptions, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.options = options
        self.environment = environment
        launcher = ChildProcessLauncher(clock: clock)
        trace = PhaseTrace.from(environment: environment)
        trace.mark("composition root")
        if let given = options.workspace ?? environment["DIDOJO_WORKSPACE"], !given.isEmpty {
            workspaceRoot = Self.url(forUserPath: given)
        } else {
            workspaceRoot = Workspace.defaultRoot(environment: environment)
        }
        workshopFile = Result { [workspaceRoot, fileSystem] in
            try Self.findWorkshop(given: options.workshop ?? environment["DIDOJO_WORKSHOP"], workspaceRoot: workspaceRoot, fileSystem: fileSystem)
        }
    }

    /// A path the user typed (an option, a variable), relative to the current folder.
    static func url(forUserPath path: String) -> URL {
        URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath)).standardizedFileURL
    }

    // MARK: Paths

    /// The running executable, through /proc so that it is right whatever the current folder.
    var executable: URL { InstalledLessons.runningExecutable }

    /// `--lessons`, else `$DIDOJO_LESSONS`, else the `Lessons` folder of the package the
    /// executable was built in (found by walking up from `.build/<config>/didojo`).
    func lessonsFolder() throws -> URL {
        if let given = options.lessons ?? environment["DIDOJO_LESSONS"] {
            return Self.url(forUserPath: given)
        }
        return try installedLessonsFolder()
    }

    /// Whether `folder` is the Lessons folder of the checkout this didojo was built in, rather
    /// than one given with --lessons or DIDOJO_LESSONS.
    func isInstalledLessons(_ folder: URL) -> Bool {
        (try? installedLessonsFolder())?.standardizedFileURL.resolvingSymlinksInPath().path
            == folder.standardizedFileURL.resolvingSymlinksInPath().path
    }

    /// The Lessons folder beside the Package.swift of the checkout this didojo was built in.
    private func installedLessonsFolder() throws -> URL {
        try InstalledLessons.folder(above: executable, fileSystem: fileSystem)
    }

    /// `$XDG_CACHE_HOME/didojo`, else `~/.cache/didojo`: the compiler's module cache, kept
    /// between checks so that only the first one is slow.
    var cacheFolder: URL {
        if let xdg = environment["XDG_CACHE_HOME"], !xdg.isEmpty {
            return URL(fileURLWithPath: xdg).appendingPathComponent("didojo")
        }
        let home = environment["HOME"] ?? NSHomeDirectory()
        return URL(fileURLWithPath: home).appendingPathComponent(".cache/didojo")
    }

    /// Where decoded lesson manifests are kept (see `LessonLoader`).
    var manifestCache: CompiledStepCache {
        CompiledStepCache(folder: cacheFolder.appendingPathComponent("lesson-manifests"), fileSystem: fileSystem, timeSource: timeSource, limit: 50)
    }

    // MARK: Parts

    /// The lessons, cut down to the workshop's and in its order when there is a workshop.
    func catalog() throws -> LessonCatalog {
        let all = LessonCatalog.load(
            from: try lessonsFolder(), fileSystem: fileSystem,
            manifestCache: manifestCache
        )
        guard let workshop = try workshop() else { return all }
        return try workshop.arrange(all)
    }

    /// Every lesson of the lessons folder, whatever the workshop.
    func allLessons() throws -> LessonCatalog {
        LessonCatalog.load(
            from: try lessonsFolder(), fileSystem: fileSystem,
            manifestCache: manifestCache
        )
    }

    /// The workshop the teacher gave (`--workshop`, else `$DIDOJO_WORKSHOP`); nil when none was
    /// given. Grading a class: it wins over each workspace's own `workshop.yaml`.
    func givenWorkshopPlan() throws -> Workshop? {
        try givenWorkshop.map { try WorkshopFile.load(from: $0, fileSystem: fileSystem) }
    }

    /// The workshop of a learner's workspace (its `workshop.yaml`), nil when it has none.
    func workshopPlan(in workspace: Workspace) throws -> Workshop? {
        try Self.findWorkshop(given: nil, workspaceRoot: workspace.root, fileSystem: fileSystem)
    }

    /// Why `id` (a lesson or an exercise id) is not in `catalog`: left out by the workshop in
    /// force, or no such thing at all (with the closest match).
    func notFound(_ id: String, in catalog: LessonCatalog, isExercise: Bool) -> DojoError {
        let lessonID = isExercise ? String(id.split(separator: ".").first ?? "") : id
        if let workshop = try? workshop(), catalog.lesson(id: lessonID) == nil,
           let everything = try? LessonCatalog.load(from: lessonsFolder(), fileSystem: fileSystem),
           everything.lesson(id: lessonID) != nil, !isExercise || everything.exercise(id: id) != nil {
            return .notInWorkshop(id, workshop: workshop.title, lessons: catalog.lessons.map(\.id))
        }
        if isExercise {
            return .unknownExercise(id, suggestion: ClosestMatch.find(id, among: catalog.allExercises.map(\.id)))
        }
        return .unknownLesson(id, suggestion: ClosestMatch.find(id, among: catalog.lessons.map(\.id)))
    }

    /// The instructor's workshop, nil when there is none; throws the file's mistake.
    func workshop() throws -> Workshop? {
        try workshopFile.get()
    }

    /// The workshop file given by the teacher (`--workshop`, else `$DIDOJO_WORKSHOP`), nil when
    /// none was given.
    private var givenWorkshop: URL? {
        (options.workshop ?? environment["DIDOJO_WORKSHOP"]).flatMap { $0.isEmpty ? nil : Self.url(forUserPath: $0) }
    }

    /// The text of the workshop file the teacher gave, checked first; nil when none was given.
    func workshopText() throws -> String? {
        guard let file = givenWorkshop else { return nil }
        _ = try workshop()
        return try fileSystem.text(of: file)
    }

    /// Said when the teacher gave a workshop file and the workspace holds a `workshop.yaml` that
    /// says something else: the teacher's wins, and the learner's copy is ignored (a learner can
    /// edit their workspace, not the teacher's file).
    func workshopNotice() -> String? {
        guard let given = givenWorkshop else { return nil }
        let inWorkspace = workspaceRoot.appendingPathComponent(WorkshopFile.defaultName)
        guard given.standardizedFileURL.path != inWorkspace.standardizedFileURL.path,
              let theirs = try? fileSystem.text(of: inWorkspace),
              let teachers = try? fileSystem.text(of: given), theirs != teachers else { return nil }
        return "The \(WorkshopFile.defaultName) in the workspace differs from the workshop given (\(given.path)), so it is ignored: the rules are the given file's."
    }

    /// `--workshop`, else `$DIDOJO_WORKSHOP`, else `workshop.yaml` in the workspace if the
    /// instructor put one there; nil when there is none.
    private static func findWorkshop(given: String?, workspaceRoot: URL, fileSystem: any FileSystem) throws -> Workshop? {
        if let given, !given.isEmpty {
            return try WorkshopFile.load(from: url(forUserPath: given), fileSystem: fileSystem)
        }
        let inWorkspace = workspaceRoot.appendingPathComponent(WorkshopFile.defaultName)
        guard fileSystem.fileExists(at: inWorkspace) else { return nil }
        return try WorkshopFile.load(from: inWorkspace, fileSystem: fileSystem)
    }

    func workspace() -> Workspace {
        Workspace(root: workspaceRoot, fileSystem: fileSystem, timeSource: timeSource)
    }

    /// The workspace for commands that read a learner's work: one that is not there is a
    /// wrong path (grading it would only grade fresh starters), not a fresh start.
    func existingWorkspace() throws -> Workspace {
        let workspace = workspace()
        guard fileSystem.directoryExists(at: workspace.root) else {
            throw DojoError.workspaceNotFound(path: workspace.root.path)
        }
        return workspace
    }

    /// A learner's workspace named on the command line (`verify --workspaces`), which must be there.
    func existingWorkspace(at path: String) throws -> Workspace {
        let root = URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath)).standardizedFileURL
        guard fileSystem.directoryExists(at: root) else { throw DojoError.workspaceNotFound(path: root.path) }
        return Workspace(root: root, fileSystem: fileSystem, timeSource: timeSource)
    }

    /// The workspace lock (see `WorkspaceLock`), taken on the real file system.
    func lock(_ workspace: Workspace, purpose: String) -> WorkspaceLock.Attempt {
        WorkspaceLock.acquire(for: workspace, purpose: purpose, now: timeSource.now())
    }

    func progressStore(for workspace: Workspace) -> ProgressStore {
        ProgressStore(file: workspace.progressFile, fileSystem: fileSystem, timeSource: timeSource)
    }

    /// The learner's progress for a command that only shows it: nothing on disk is changed,
    /// and what the learner should know about the file goes to standard error.
    func readProgress(of workspace: Workspace) throws -> LearnerProgress {
        let loaded = try progressStore(for: workspace).read()
        if let warning = loaded.warning {
            StandardStreams.writeError(warning + "\n")
        }
        return loaded.progress
    }

    /// What the wiring analysis is told about each lesson's modules: learned from the `Sources`
    /// folder beside the lessons, once per process, and kept in the step cache.
    func wiringVocabularies() -> LessonVocabularies {
        let lessons = (try? lessonsFolder()) ?? executable.deletingLastPathComponent()
        return LessonVocabularies(
            sourcesFolder: LessonVocabularies.sourcesFolder(besideLessons: lessons), fileSystem: fileSystem,
            cache: CompiledStepCache(folder: checkerFolders.stepCache, fileSystem: fileSystem, timeSource: timeSource)
        )
    }

    /// The real checker, or why there is none (no compiler, lesson modules not built). Its
    /// wiring analysis learns each exercise's lesson from `catalog`.
    ///
    /// - Parameter earlyCompile: the compile `didojo check` started as it began, which the
    ///   checker takes over when it is the one it needs (see `EarlyCompile`).
    func checker(
        for catalog: LessonCatalog, vocabularies: LessonVocabularies? = nil, earlyCompile: EarlyCompile? = nil
    ) -> Result<any ExerciseChecker, DojoError> {
        checkerMaker(for: catalog, vocabularies: vocabularies, earlyCompile: earlyCompile)()
    }

    /// Starts the compile of `exerciseID` that its last check ran (see `EarlyCompile`), for
    /// `didojo check` to hand to its checker; it must be discarded at the end.
    func earlyCompile(for exerciseID: String) -> EarlyCompile {
        let folders = checkerFolders
        return EarlyCompile(
            exerciseID: exerciseID, recipes: EarlyCompile.recipes(inStepCache: folders.stepCache), scratch: folders.scratch,
            environment: environment, launcher: checkerLauncher, fileSystem: fileSystem, trace: trace)
    }

    /// Where the checker (and the early compile) keep what they make.
    private var checkerFolders: CheckerFolders {
        .inCache(cacheFolder, scratch: FileManager.default.temporaryDirectory)
    }

    /// What starts the checker's programs: traced for the benchmark (`DIDOJO_TRACE`).
    private var checkerLauncher: any ProcessLaunching {
        trace.isOn ? TracingLauncher(launcher, trace: trace) : launcher
    }

    /// `DIDOJO_UNCONFINED=1` runs the learners' code without confinement and without the audit
    /// of what it reaches (see `CheckSettings`): never for a learner or a teacher.
    static let unconfinedVariable = "DIDOJO_UNCONFINED"

    /// What makes the real checker, as plain values that any thread may use: finding the
    /// compiler and listing the build folder take a few milliseconds, which the first prompt
    /// need not wait for.
    func checkerMaker(
        for catalog: LessonCatalog, vocabularies: LessonVocabularies? = nil, earlyCompile: EarlyCompile? = nil
    ) -> @Sendable () -> Result<any ExerciseChecker, DojoError> {
        let vocabularies = vocabularies ?? wiringVocabularies()
        var settings = CheckSettings()
        // The command line wins over the workshop, which wins over the default. A broken
        // workshop file has already stopped start-up in `catalog()`.
        if let seconds = options.timeout ?? (try? workshop())??.checkTimeout {
            settings.timeout = .milliseconds(Int(seconds * 1000))
        }
        // For DIDojo's own tests of what holds where nothing confines the learner's code (the
        // reaper, the limits): every check then says that it ran unconfined and unaudited.
        if environment[Self.unconfinedVariable] == "1" {
            settings.confined = false
            settings.refusesReach = false
        }
        let (executable, environment, folders, fileSystem, trace) = (executable, environment, checkerFolders, fileSystem, trace)
        let launcher = checkerLauncher
        return { [settings] in
            do {
                return .success(try CompilingChecker.live(
                    executable: executable, environment: environment,
                    ports: CheckerPorts(launcher: launcher, fileSystem: fileSystem, timeSource: timeSource, trace: trace),
                    folders: folders,
                    settings: settings, earlyCompile: earlyCompile, wiringVocabulary: { exercise in
                        catalog.lesson(id: exercise.lessonID).map { vocabularies.vocabulary(for: $0).vocabulary } ?? .empty
                    }
                ))
            } catch let error as DojoError {
                return .failure(error)
            } catch {
                return .failure(.compilerNotFound)
            }
        }
    }

    /// The checker with the recording around it, for the subcommands that check.
    /// `didojo check` is one of the learner's attempts, so the live class hears of it too.
    func recorder(for workspace: Workspace, catalog: LessonCatalog, earlyCompile: EarlyCompile? = nil) -> Result<CheckRecorder, DojoError> {
        checker(for: catalog, earlyCompile: earlyCompile).map {
            CheckRecorder(checker: $0, store: progressStore(for: workspace), timeSource: timeSource, observers: [classroom(for: workspace)])
        }
    }

    /// The live class the workspace joined: its outbox, delivered by `didojo-class-client`
    /// beside this executable.
    func classroom(for workspace: Workspace) -> any Classroom {
        OutboxClassroom(
            outbox: ClassOutbox(stateFolder: workspace.stateFolder, fileSystem: fileSystem),
            client: ClassClientExecutable.beside(executable: executable, workspace: workspace.root, launcher: launcher, environment: environment),
            clock: clock)
    }

    /// Warms the checker up in the background for the learner's first check of `exercise`
    /// (see `ExerciseChecker.warmUp`): right after a fresh install, the first check would
    /// otherwise build the compiler's module cache and the program that runs the checks,
    /// seconds of work, while the learner is still reading. Nothing waits for it: the prompt
    /// is shown at once. The shell cancels it when it ends (see `ShellSubcommand`), so that its
    /// check removes its folder of compiled files. Its end is marked in the trace
    /// (`DIDOJO_TRACE`) as `warm-up done`: what a test awaits.
    ///
    /// - Returns: the warm-up, to cancel; nil when it is switched off (`DIDOJO_NO_WARM_UP`).
    func startWarmUp(
        for exercise: Exercise, in workspace: Workspace, catalog: LessonCatalog, vocabularies: LessonVocabularies
    ) -> Task<Void, Never>? {
        guard environment["DIDOJO_NO_WARM_UP"] == nil else { return nil }
        let makeChecker = checkerMaker(for: catalog, vocabularies: vocabularies)
        let source = workspace.file(for: exercise)
        let trace = trace
        return Task.detached(priority: .background) {
            guard case .success(let checker) = makeChecker() else {
                trace.mark("warm-up done: no checker")
                return
            }
            await checker.warmUp(for: exercise, source: source)
            trace.mark("warm-up done")
        }
    }

    /// The lessons' example programs: the `didojo-demos` executable beside this one.
    func demos() -> any DemoLaunching {
        DemoExecutable.beside(executable: executable, launcher: launcher, environment: environment)
    }

    /// Plain output for the subcommands: colored only on a terminal that allows it.
    func outputStyle() -> TextStyle {
        TextStyle.fromEnvironment(environment, isTerminal: TerminalInfo.isTerminal(fd: 1), columns: TerminalInfo.columns(fd: 1))
    }

    /// The height of standard output's screen, when it is a terminal that is not dumb; nil
    /// for a pipe or a file (see `Terminal.screenRows`).
    func outputScreenRows() -> Int? {
        guard TerminalInfo.isTerminal(fd: 1), environment["TERM"] != "dumb" else { return nil }
        return TerminalInfo.rows(fd: 1)
    }

    /// The learner's terminal: line editing when a person is typing, plain lines for a script.
    func terminal(completion: CompletionProvider) -> any Terminal {
        if TerminalInfo.isTerminal(fd: 0) {
            let history = HistoryFile(url: HistoryFile.defaultURL(environment: environment))
            let editor = LineEditor(programName: "didojo", history: history) { words, partial in
                // libedit calls back on this thread, from inside `readLine`, which runs on the
                // main actor.
                MainActor.assumeIsolated { completion.candidates(words, partial) }
            }
            return EditLineTerminal(environment: environment, editor: editor)
        }
        return ScriptTerminal(environment: environment, reader: PlainLineReader())
    }

    /// Everything the shell (and the subcommands that share its code) runs on.
    func shellDependencies(terminal: any Terminal, catalog: LessonCatalog, workspace: Workspace, store: ProgressStore) -> ShellDependencies {
        // One for the checker and `graph`, so that a vocabulary is learned once per shell.
        let vocabularies = wiringVocabularies()
        return ShellDependencies(
            console: ShellConsole(
                terminal: terminal, interrupts: LiveInterruptSource.installed(stopSignalsToo: true), clock: clock,
                pager: SystemPager(environment: environment)),
            programs: ShellPrograms(
                editor: SystemEditorLauncher(environment: environment),
                fileWatcher: InotifyFileWatcher(fallback: PollingFileWatcher(clock: clock), clock: clock), demos: demos()),
            course: ShellCourse(catalog: catalog, workshop: try? workshop(), wiringVocabularies: vocabularies),
            records: LearnerRecords(workspace: workspace, progressStore: store, fileSystem: fileSystem, timeSource: timeSource),
            classroom: classroom(for: workspace), checker: checker(for: catalog, vocabularies: vocabularies)
        )
    }

    /// The posting clients of the lessons write to the timeline named by this variable; the
    /// learner's runs go to a file in their workspace.
    func pointTimeline(at workspace: Workspace) {
        setenv("DIDOJO_TIMELINE", workspace.timelineFile.path, 1)
    }
}
