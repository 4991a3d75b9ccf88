import ChildProcess
import DojoTestSupport
import Foundation

/// Runs the real `didojo` binary, built beside this test program, with a private home,
/// workspace and state folder.
struct Didojo {
    let home: TemporaryFolder
    var workspace: URL { home.url.appendingPathComponent("workspace") }
    var stateFolder: URL { home.url.appendingPathComponent("state") }
    var historyFile: URL { stateFolder.appendingPathComponent("didojo/history") }

    init() throws {
        home = try TemporaryFolder("e2e")
    }

    static var executable: URL {
        let testProgram = URL(fileURLWithPath: try! FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
        return testProgram.deletingLastPathComponent().appendingPathComponent("didojo")
    }

    /// The repository's own Lessons folder.
    static var lessonsFolder: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Lessons")
    }

    var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = home.url.path
        environment["XDG_STATE_HOME"] = stateFolder.path
        environment["DIDOJO_WORKSPACE"] = workspace.path
        environment["NO_COLOR"] = "1"
        environment.removeValue(forKey: "VISUAL")
        environment.removeValue(forKey: "EDITOR")
        return environment
    }

    /// Runs `didojo` with `input` on standard input (through a shell pipe, as a script would).
    func run(_ arguments: [String], input: String? = nil, timeout: Duration = .seconds(300)) async throws -> ChildProcessResult {
        var environment = self.environment
        let command: [String]
        if let input {
            let inputFile = home.url.appendingPathComponent("input-\(UUID().uuidString).txt")
            try input.write(to: inputFile, atomically: true, encoding: .utf8)
            environment["DIDOJO_INPUT"] = inputFile.path
            command = ["/bin/sh", "-c", "exec \"$0\" \"$@\" < \"$DIDOJO_INPUT\"", Self.executable.path] + arguments
        } else {
            command = [Self.executable.path] + arguments
        }
        return try await ChildProcessLauncher().run(ChildProcessRequest(
            executable: command[0], arguments: Array(command.dropFirst()), environment: environment,
            workingDirectory: home.url.path, timeout: timeout
        ))
    }
}
