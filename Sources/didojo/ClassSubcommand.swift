import ArgumentParser
import ChildProcess
import ClassProtocol
import DojoCore
import DojoShell
import DojoWorkspace
import Foundation
import Glibc
import LineEditing

/// `didojo class …`: the live classroom from the command line. The teacher's `serve`; the
/// learner's `join`, `status` and `leave`, as the shell's `class` command does them.
struct ClassSubcommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "class", abstract: "The live classroom: serve a class (teacher), or join one (learner).",
        subcommands: [Serve.self, Join.self, Status.self, Leave.self, Grade.self])

    /// `didojo class serve [options]`: starts `didojo-class` for this checkout's lessons (or the
    /// workshop's), building it first when it has not been built.
    struct Serve: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Start the class server: it prints the teacher's dashboard link and the learners' join code.",
            discussion: "Options after 'serve' go to the server: --host (127.0.0.1; 0.0.0.0 for a classroom network), --port (8080), --store FILE, --class-name, --join-code, --teacher-token. 'didojo-class serve --help' lists them.")

        @OptionGroup var global: GlobalOptions
        @Argument(parsing: .captureForPassthrough, help: "Options for the server.")
        var serverOptions: [String] = []

        @MainActor
        func run() async throws {
            let root = CompositionRoot(options: global.setup)
            let lessons = try SetupFailure.exitOnError { try root.lessonsFolder() }
            let server = root.executable.deletingLastPathComponent().appendingPathComponent("didojo-class")
            if !FileManager.default.isExecutableFile(atPath: server.path) {
                let package = lessons.deletingLastPathComponent()
                StandardStreams.writeError("The class server is not built yet: building it now (swift build --product didojo-class; the first time takes a few minutes)…\n")
                let built = try ForegroundProcess.run(executable: "/usr/bin/env", arguments: ["swift", "build", "--package-path", package.path, "--product", "didojo-class"])
                guard built.isSuccess, FileManager.default.isExecutableFile(atPath: server.path) else {
                    throw ValidationError("Building the class server failed (\(built)): run 'swift build --product didojo-class' in \(package.path) to see why.")
                }
            }
            var arguments = ["didojo-class", "serve", "--lessons", lessons.path]
            if let workshop = try SetupFailure.exitOnError({ try root.workshop() }) {
                arguments += ["--workshop", workshop.file.path]
            }
            arguments += serverOptions
            // The server takes this process's place: Ctrl-C and the exit status are its own.
            let argv = arguments.map { strdup($0) } + [nil]
            execv(server.path, argv)
            throw ValidationError("Could not start \(server.path): \(String(cString: strerror(errno))).")
        }
    }

    struct Join: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Join the live class at URL with the teacher's code.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The class's address (http://…:8080).") var url: String
        @Argument(help: "The join code.") var code: String
        @Option(help: "Your name, as the teacher sees it (default: the name you gave before).") var name: String?

        @MainActor
        func run() async throws {
            let root = CompositionRoot(options: global.setup)
            let workspace = root.workspace()
            guard let name = name ?? workspace.learner()?.name else {
                ClassSubcommand.fail("Give your name with --name, as your teacher should see it.")
                throw ExitCode(2)
            }
            switch await root.classroom(for: workspace).join(url: url, code: code, name: name) {
            case .success(let membership): print("Joined \"\(membership.className)\" as \(membership.name).")
            case .failure(let problem):
                // A sentence, without the usage text that a ValidationError would add: the
                // command was typed right, the class said no.
                ClassSubcommand.fail(problem.message)
                throw ExitCode(1)
            }
        }
    }

    /// `didojo class grade <class address> DIR…` (the teacher's token in `DIDOJO_TEACHER_TOKEN`): grades the learners' workspaces as
    /// `verify --workspaces` does, and brings the grades into the live class, where the
    /// dashboard then tells verified passes from those only reported by the learners' shells.
    struct Grade: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Grade the learners' workspaces (verify --workspaces) and show the grades on the live class's dashboard.",
            discussion: "The dashboard then marks each pass as verified, reported by the learner's shell only, or taken back (verify failed a pass the shell reported). Grading never writes into the workspaces.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The class's address (http://host:port), as 'didojo class serve' printed it; the teacher's token goes in DIDOJO_TEACHER_TOKEN.") var server: String
        @Argument(help: "The learners' workspaces (class/*).") var workspaces: [String]

        @MainActor
        func run() async throws {
            // Before the grading, which takes minutes: the class will want the teacher's token.
            guard ProcessInfo.processInfo.environment["DIDOJO_TEACHER_TOKEN"].map({ !$0.isEmpty }) == true else {
                ClassSubcommand.fail("Set DIDOJO_TEACHER_TOKEN to the teacher's token that 'didojo class serve' printed, then grade again.")
                throw ExitCode(2)
            }
            let root = CompositionRoot(options: global.setup)
            // Stopped (Ctrl-C, a script's `timeout`, a closed terminal), the grading stops
            // first; ended by the signal at once, this command had left it grading every
            // workspace on its own, and its folder behind.
            let interrupts = LiveInterruptSource.installed(stopSignalsToo: true)
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("didojo-grades-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            defer { try? FileManager.default.removeItem(at: folder) }
            /// Ends the program by the stop signal that came, if one did (SIGTERM, SIGHUP), its
            /// folder removed first: ending by the signal runs no `defer`.
            func endIfStopped() {
                guard interrupts.stopRequested else { return }
                try? FileManager.default.removeItem(at: folder)
                LiveInterruptSource.endIfStopped()
            }
            let grades = folder.appendingPathComponent("grades.json")
            // The same executable grades, as 'didojo verify' would: its table is printed as is.
            var arguments = ["verify", "--workspaces"] + workspaces + ["--json", grades.path]
            if let lessons = global.lessons { arguments += ["--lessons", lessons] }
            if let workshop = global.workshop { arguments += ["--workshop", workshop] }
            let grading = try ForegroundProcess.start(executable: root.executable.path, arguments: arguments)
            // Ctrl-C on the terminal reaches the grading too (it runs in this process group), a
            // stop sent to this process alone does not: each is passed on, and the grading
            // cancels its checks as a stopped 'didojo verify' does.
            let passingOn = Task.detached {
                await interrupts.nextInterrupt()
                guard !Task.isCancelled else { return false }
                kill(grading, InterruptSignal.stopSignal ?? SIGINT)
                return true
            }
            _ = await Task.detached { ForegroundProcess.wait(for: grading) }.value
            passingOn.cancel()
            if await passingOn.value {
                StandardStreams.writeError("Nothing was sent to the class: the grading was stopped.\n")
                endIfStopped()
                throw ExitCode(130)
            }
            guard FileManager.default.fileExists(atPath: grades.path) else {
                ClassSubcommand.fail("Grading did not finish, so nothing was sent to the class.")
                throw ExitCode(2)
            }
            let client = root.executable.deletingLastPathComponent().appendingPathComponent(ClassClientExecutable.name)
            let sent = try ForegroundProcess.run(executable: client.path, arguments: ["grades", server, "--file", grades.path])
            // A stop that came while the grades were sent (which take seconds at most) ends it
            // by that signal now.
            endIfStopped()
            if !sent.isSuccess { throw ExitCode(1) }
        }
    }

    struct Status: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "The class joined, and what is still to be delivered.")
        @OptionGroup var global: GlobalOptions

        @MainActor
        func run() async throws {
            guard let (classroom, membership) = ClassSubcommand.joinedClass(global) else { return }
            classroom.deliverNow()
            if case .failure(let problem) = await classroom.refresh() { print(problem.message) }
            let status = classroom.status()
            let unlocked = classroom.membership?.unlockedLessons ?? []
            print("In \"\(membership.className)\" at \(membership.serverURL.absoluteString), as \(membership.name); \(CountedNoun.words(status.waiting, "event")) waiting.")
            if let last = status.lastDelivery { print("Last delivery: \(last.message).") }
            if status.refused > 0 {
                print("The server refused \(CountedNoun.words(status.refused, "event")); they are kept in \(ClassSubcommand.refusedFolder(global).path) with the reason.")
            }
            if !unlocked.isEmpty { print("Unlocked by the teacher: \(unlocked.joined(separator: ", ")).") }
        }
    }

    struct Leave: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Leave the live class: nothing more is sent.")
        @OptionGroup var global: GlobalOptions

        @MainActor
        func run() async throws {
            guard let (classroom, membership) = ClassSubcommand.joinedClass(global) else { return }
            try await classroom.leave()
            print("Left \"\(membership.className)\".")
        }
    }

    static func fail(_ message: String) {
        StandardStreams.writeError("Error: \(message)\n")
    }

    /// Where the refused events are kept, with their reasons.
    @MainActor
    static func refusedFolder(_ global: GlobalOptions) -> URL {
        let root = CompositionRoot(options: global.setup)
        return ClassOutbox(stateFolder: root.workspace().stateFolder, fileSystem: LocalFileSystem()).refusedFolder
    }

    /// The workspace's live class and its membership; nil, having said so, when it joined none.
    @MainActor
    static func joinedClass(_ global: GlobalOptions) -> (any Classroom, ClassMembership)? {
        let root = CompositionRoot(options: global.setup)
        let classroom = root.classroom(for: root.workspace())
        guard let membership = classroom.membership else {
            print("Not in a live class. 'didojo class join <url> <code>' joins one.")
            return nil
        }
        return (classroom, membership)
    }
}
