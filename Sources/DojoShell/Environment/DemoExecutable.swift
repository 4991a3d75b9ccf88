import ChildProcess
import Foundation
import LessonSupport

/// The live ``DemoLaunching``: the `didojo-demos` executable that `swift build` puts beside
/// `didojo`, started anew for each `run`.
///
/// Starting a process per `run` costs a few tens of milliseconds once the learner asks for a
/// demo; linking the demos into the shell cost every start of the shell about as much, mostly
/// in the dynamic linker.
@MainActor
package final class DemoExecutable: DemoLaunching {
    /// The product name in Package.swift.
    package static let name = "didojo-demos"

    package let url: URL
    /// Asks the demos for their list; waited for on the caller's thread (see `descriptions`).
    private let launcher: ChildProcessLauncher
    /// The environment the demos' list is asked in: the learner's.
    private let environment: [String: String]
    /// The answer of `describe`, kept: the demos cannot change while the shell runs.
    private var cachedDescriptions: [DemoDescription]?

    package init(url: URL, launcher: ChildProcessLauncher, environment: [String: String]) {
        self.url = url
        self.launcher = launcher
        self.environment = environment
    }

    /// The one beside `executable` (the running `didojo`, symbolic links resolved), which is
    /// where `swift build` puts both. Not checked here: start-up does not need it, and a
    /// missing one is reported when the learner first asks for a demo.
    package static func beside(executable: URL, launcher: ChildProcessLauncher, environment: [String: String]) -> DemoExecutable {
        DemoExecutable(
            url: executable.resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent(name),
            launcher: launcher, environment: environment
        )
    }

    package func descriptions() throws -> [DemoDescription] {
        if let cachedDescriptions { return cachedDescriptions }
        try requireExecutable()
        let result: ChildProcessResult
        do {
            // Waited for on this thread: Tab completion asks from inside the line editor.
            result = try launcher.runWaiting(ChildProcessRequest(
                executable: url.path, arguments: ["describe"], environment: environment,
                timeout: .seconds(10)
            ))
        } catch {
            throw DemoLaunchError.notUsable(path: url.path, reason: error.localizedDescription)
        }
        guard result.termination.isSuccess else {
            throw DemoLaunchError.notUsable(path: url.path, reason: "'describe' \(result.termination)")
        }
        do {
            let descriptions = try JSONDecoder().decode([DemoDescription].self, from: Data(result.standardOutput.utf8))
            cachedDescriptions = descriptions
            return descriptions
        } catch {
            throw DemoLaunchError.notUsable(path: url.path, reason: "its answer to 'describe' could not be read")
        }
    }

    package func run(lessonID: String, arguments: [String], workspace: URL) throws -> Termination {
        try requireExecutable()
        do {
            return try ForegroundProcess.run(
                executable: url.path, arguments: ["run", "--workspace", workspace.path, lessonID] + arguments
            )
        } catch {
            throw DemoLaunchError.notUsable(path: url.path, reason: error.localizedDescription)
        }
    }

    private func requireExecutable() throws {
        guard access(url.path, X_OK) == 0 else {
            throw DemoLaunchError.executableMissing(path: url.path)
        }
    }
}
