import ChildProcess
import DojoShell
import Foundation
import LessonSupport

/// The lessons' example programs as the shell's tests see them: each run is recorded and ends
/// as the test says, without starting any process.
@MainActor
package final class FakeDemoLauncher: DemoLaunching {
    /// One `run` the shell asked for.
    package struct Run: Equatable, Sendable {
        package let lessonID: String
        package let arguments: [String]
        package let workspace: URL

        package init(lessonID: String, arguments: [String], workspace: URL) {
            self.lessonID = lessonID
            self.arguments = arguments
            self.workspace = workspace
        }
    }

    /// What `describe` answers: by default one demo, for the `arithmetic` fixture lesson.
    package var available = [
        DemoDescription(lessonID: "arithmetic", flags: ["--loud", "--times"], usage: "--loud     shout\n--times N  repeat"),
    ]
    /// What "the demo" does (print, press Ctrl-C as a learner would…) and how it ends.
    package var program: @MainActor (Run) -> Termination = { _ in .exited(0) }
    /// Thrown by both methods when set, as the live launcher does when `didojo-demos` is missing.
    package var failure: DemoLaunchError?

    package private(set) var runs: [Run] = []
    package private(set) var descriptionRequests = 0

    package init() {}

    package func descriptions() throws -> [DemoDescription] {
        descriptionRequests += 1
        if let failure { throw failure }
        return available
    }

    package func run(lessonID: String, arguments: [String], workspace: URL) throws -> Termination {
        if let failure { throw failure }
        let run = Run(lessonID: lessonID, arguments: arguments, workspace: workspace)
        runs.append(run)
        return program(run)
    }
}
