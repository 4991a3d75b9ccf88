import ChildProcess
import Foundation

/// Runs the real `didojo` binary, built beside this test program, with a private home,
/// workspace and state folder.
package struct Didojo: Sendable {
    package let home: TemporaryFolder
    /// The width the shell wraps its messages to (`COLUMNS`), when a test needs one.
    package var columns: Int?
    package var workspace: URL { home.url.appendingPathComponent("workspace") }
    package var stateFolder: URL { home.url.appendingPathComponent("state") }
    package var historyFile: URL { stateFolder.appendingPathComponent("didojo/history") }

    /// The binary to run: the one built beside this test program, unless a test copied it
    /// somewhere else (to run it without its `didojo-demos`, say).
    package var executable = Didojo.executable
    /// `DIDOJO_LESSONS`, for a copy of the binary outside the repository.
    package var lessons: URL?
    /// Runs learners' code unconfined and unaudited (`DIDOJO_UNCONFINED`), for the tests of
    /// what holds where nothing confines it.
    package var unconfined = false
    /// More variables for the run (`DIDOJO_TEACHER_TOKEN` for `class grade`, say).
    package var extraEnvironment: [String: String] = [:]

    package init() throws {
        home = try TemporaryFolder("e2e")
        try FileManager.default.createDirectory(at: temporaryFolder, withIntermediateDirectories: true)
    }

    /// Where `didojo` makes its temporary files and its checks' folders, unless a test watches them.
    package var temporaryFolder: URL { home.url.appendingPathComponent("tmp") }

    /// Gives `didojo` a temporary folder of its own (`TMPDIR`), and returns it: the checker
    /// makes each check's folder there, which a test can then watch.
    package mutating func watchedTemporaryFolder(_ label: String) throws -> TemporaryFolder {
        let folder = try TemporaryFolder(label)
        extraEnvironment["TMPDIR"] = folder.url.path
        return folder
    }

    /// The built `didojo` alone in a folder of this home (with `demos`, a script,
    /// as its `didojo-demos` when given), told where the lessons are, since it is no longer
    /// in the repository's build folder.
    package func alone(withDemos demos: String? = nil) throws -> Didojo {
        let folder = home.url.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var copy = self
        copy.executable = folder.appendingPathComponent("didojo")
        try ExecutableFile.place(Didojo.executable, at: copy.executable)
        if let demos {
            try ExecutableFile.writeScript(demos, to: folder.appendingPathComponent("didojo-demos"))
        }
        copy.lessons = Didojo.lessonsFolder
        return copy
    }

    package static var executable: URL {
        let testProgram = URL(fileURLWithPath: try! FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
        return testProgram.deletingLastPathComponent().appendingPathComponent("didojo")
    }

    /// The repository's own Lessons folder.
    package static var lessonsFolder: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Lessons")
    }

    package var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = home.url.path
        environment["XDG_STATE_HOME"] = stateFolder.path
        environment["DIDOJO_WORKSPACE"] = workspace.path
        environment["NO_COLOR"] = "1"
        // Its checks' folders in this home, not the machine's /tmp: a test that ends a shell
        // with SIGKILL (`PseudoTerminalSession` does as it goes) while a check runs leaves that
        // check's folder, which then goes with the test's folders rather than staying in /tmp
        // (two a run of the suite did). A test that watches them gives a folder of its own.
        environment["TMPDIR"] = temporaryFolder.path
        // An interactive shell warms the checker up in the background (a check nobody asked
        // for, seconds of compiling with this fresh home's empty caches); only the test of that
        // asks for it.
        environment["DIDOJO_NO_WARM_UP"] = "1"
        if let columns { environment["COLUMNS"] = String(columns) }
        if unconfined { environment["DIDOJO_UNCONFINED"] = "1" }
        if let lessons { environment["DIDOJO_LESSONS"] = lessons.path }
        // Long text is printed whole (on a pseudo-terminal it would wait in less for keys);
        // EndToEndTests.PagerEndToEndTests removes this to page through the real less.
        environment["DIDOJO_PAGER"] = "cat"
        environment.removeValue(forKey: "VISUAL")
        environment.removeValue(forKey: "EDITOR")
        environment.merge(extraEnvironment) { _, extra in extra }
        return environment
    }

    /// Runs `didojo` with `input` on standard input (through a shell pipe, as a script would).
    package func run(_ arguments: [String], input: String? = nil, timeout: Duration = .seconds(300)) async throws -> ChildProcessResult {
        try await run(arguments, inputBytes: input.map { Data($0.utf8) }, timeout: timeout)
    }

    /// Runs `didojo` with `inputBytes` (any bytes, valid UTF-8 or not) on standard input.
    ///
    /// - Parameters:
    ///   - keepInputOpen: after the bytes, standard input stays open (the shell waits for more,
    ///     as a learner's shell does) until `isCancelled` ends the run.
    ///   - fileSizeLimit: RLIMIT_FSIZE in 512-byte blocks (`ulimit -f`): no file written by the
    ///     shell may grow beyond it, as on a full disk.
    ///   - isCancelled: polled; when true the whole process group is killed with SIGKILL.
    ///   - standardErrorClosed: `didojo` starts with its standard error closed (`2>&-`).
    package func run(
        _ arguments: [String], inputBytes: Data?, keepInputOpen: Bool = false, fileSizeLimit: Int? = nil, standardErrorClosed: Bool = false,
        timeout: Duration = .seconds(300), isCancelled: @escaping @Sendable () -> Bool = { false }
    ) async throws -> ChildProcessResult {
        var environment = self.environment
        var script = fileSizeLimit.map { "ulimit -f \($0); " } ?? ""
        if let inputBytes {
            let inputFile = home.url.appendingPathComponent("input-\(UUID().uuidString).txt")
            try inputBytes.write(to: inputFile)
            environment["DIDOJO_INPUT"] = inputFile.path
            script += keepInputOpen
                ? "{ cat \"$DIDOJO_INPUT\"; exec sleep 1000; } | \"$0\" \"$@\""
                : "exec \"$0\" \"$@\" < \"$DIDOJO_INPUT\""
        } else {
            script += "exec \"$0\" \"$@\""
        }
        if standardErrorClosed { script += " 2>&-" }
        let request = ChildProcessRequest(
            executable: "/bin/sh", arguments: ["-c", script, executable.path] + arguments, environment: environment,
            workingDirectory: home.url.path, timeout: timeout
        )
        // The run in a task of its own, cancelled by a thread that looks at `isCancelled`: a
        // thread, not a task, so that a busy cooperative pool (the whole test suite running at
        // once) cannot delay the cancellation by seconds.
        let run = Task { try await ChildProcessLauncher(clock: ContinuousClock()).run(request) }
        let watcher = Thread {
            while !run.isCancelled {
                if isCancelled() {
                    run.cancel()
                    return
                }
                Thread.sleep(forTimeInterval: 0.02)
            }
        }
        watcher.start()
        defer { run.cancel() }
        return try await run.value
    }
}
