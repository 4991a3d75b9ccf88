import ArgumentParser
import ChildProcess
import ClassProtocol
import DojoCore
import DojoShell
import Foundation
import Glibc

/// `didojo class …`: the live classroom from the command line. The teacher's `serve`; the
/// learner's `join`, `status` and `leave`, as the shell's `class` command does them.
struct ClassSubcommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "class", abstract: "The live classroom: serve a class (teacher), or join one (learner).",
        subcommands: [Serve.self, Join.self, Status.self, Leave.self])

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
                FileHandle.standardError.write(Data("The class server is not built yet: building it now (swift build --product didojo-class; the first time takes a few minutes)…\n".utf8))
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
                throw ValidationError("Give your name with --name, as your teacher should see it.")
            }
            switch await root.classroom(for: workspace).join(url: url, code: code, name: name) {
            case .success(let membership): print("Joined \"\(membership.className)\" as \(membership.name).")
            case .failure(let problem): throw ValidationError(problem.message)
            }
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
            if !unlocked.isEmpty { print("Unlocked by the teacher: \(unlocked.joined(separator: ", ")).") }
        }
    }

    struct Leave: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Leave the live class: nothing more is sent.")
        @OptionGroup var global: GlobalOptions

        @MainActor
        func run() async throws {
            guard let (classroom, membership) = ClassSubcommand.joinedClass(global) else { return }
            try classroom.leave()
            print("Left \"\(membership.className)\".")
        }
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
