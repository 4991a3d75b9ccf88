import ChildProcess
import Foundation
import Glibc

/// Starts `didojo-class-client`: a courier in the background, or a join the learner waits for.
package protocol ClassClientLaunching: Sendable {
    /// Starts a courier for the workspace's outbox and returns at once; a courier already at
    /// work makes the new one end at once (they share a lock).
    func startDelivery()
    /// Joins a class; the membership lands in the workspace.
    func join(url: String, code: String, name: String) async -> Result<Void, ClassroomProblem>
    /// Asks the class which lessons the teacher unlocked (waits `seconds` at most: the learner
    /// waits, at `class status` or opening a locked lesson).
    func refresh(within seconds: Int) async -> Result<Void, ClassroomProblem>
}

/// The real one: the `didojo-class-client` that `swift build` puts beside `didojo`.
package struct ClassClientExecutable: ClassClientLaunching {
    package static let name = "didojo-class-client"
    package let url: URL
    package let workspace: URL
    private let launcher: any ProcessLaunching
    /// The environment the client runs in: the learner's.
    private let environment: [String: String]

    package init(url: URL, workspace: URL, launcher: any ProcessLaunching, environment: [String: String]) {
        self.url = url
        self.workspace = workspace
        self.launcher = launcher
        self.environment = environment
    }

    package static func beside(
        executable: URL, workspace: URL, launcher: any ProcessLaunching, environment: [String: String]
    ) -> ClassClientExecutable {
        ClassClientExecutable(
            url: executable.resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent(name), workspace: workspace,
            launcher: launcher, environment: environment
        )
    }

    private var missing: ClassroomProblem? {
        FileManager.default.isExecutableFile(atPath: url.path) ? nil
            : ClassroomProblem("The class client is not built (\(url.path) is missing): run 'swift build --product \(Self.name)' in the DIDojo folder, or ./start.sh again.")
    }

    package func join(url server: String, code: String, name: String) async -> Result<Void, ClassroomProblem> {
        await runClient(["join", server, code, "--name", name, "--workspace", workspace.path], seconds: 20, doing: "Joining")
    }

    package func refresh(within seconds: Int) async -> Result<Void, ClassroomProblem> {
        await runClient(["refresh", "--workspace", workspace.path], seconds: seconds, doing: "Asking the class")
    }

    /// Runs the client and waits for it, at most `seconds`; its error message is the problem.
    private func runClient(_ arguments: [String], seconds: Int, doing: String) async -> Result<Void, ClassroomProblem> {
        if let missing { return .failure(missing) }
        let result: ChildProcessResult
        do {
            result = try await launcher.run(ChildProcessRequest(
                executable: url.path, arguments: arguments, environment: environment, timeout: .seconds(seconds)))
        } catch {
            return .failure(ClassroomProblem("Could not start the class client: \(error.localizedDescription)"))
        }
        if result.cancelled { return .failure(ClassroomProblem("\(doing) was cancelled.")) }
        if result.timedOut { return .failure(ClassroomProblem("The class server did not answer within \(seconds) seconds: check the address with your teacher.")) }
        guard result.termination.isSuccess else {
            let said = (result.standardError.isEmpty ? result.standardOutput : result.standardError)
                .split(separator: "\n").map { $0.replacingOccurrences(of: "Error: ", with: "") }.joined(separator: " ")
            return .failure(ClassroomProblem(said.isEmpty ? "The class client \(result.termination)." : said))
        }
        return .success(())
    }

    /// glibc's POSIX_SPAWN_SETSID (spawn.h, glibc 2.26 and later), which Swift does not see:
    /// the header declares it only under _GNU_SOURCE.
    static let posixSpawnSetSID: Int16 = 0x80

    /// Started in a session of its own (Ctrl-C in the shell's terminal does not reach it), with
    /// no terminal, and reaped by a thread of its own so that it leaves no zombie behind. It
    /// outlives the shell on purpose: what the learner did last still reaches the class.
    package func startDelivery() {
        guard missing == nil else { return }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Self.posixSpawnSetSID)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for descriptor: Int32 in 0...2 {
            posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY, 0)
        }
        let arguments = [url.path, "deliver", "--workspace", workspace.path]
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        guard posix_spawn(&pid, url.path, &actions, &attributes, &argv, environ) == 0 else { return }
        let child = pid
        Thread.detachNewThread {
            var status: Int32 = 0
            while waitpid(child, &status, 0) == -1 && errno == EINTR {}
        }
    }
}
