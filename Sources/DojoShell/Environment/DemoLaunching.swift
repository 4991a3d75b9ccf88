import ChildProcess
import Foundation
import LessonSupport

/// Starts the lessons' example programs (`run`) and says what options they take.
///
/// Injected: the live one starts the `didojo-demos` executable (see ``DemoExecutable``), so
/// the shell never links the lesson modules; tests use a fake that records what was asked.
@MainActor
package protocol DemoLaunching {
    /// What every lesson's demo accepts, for `help run` and Tab completion.
    ///
    /// - Throws: ``DemoLaunchError`` when the demos cannot be asked (not built…).
    func descriptions() throws -> [DemoDescription]

    /// Runs the demo of `lessonID` with the learner's words, in the foreground: it prints
    /// straight to the learner's terminal and Ctrl-C stops it, not the shell. Returns once it
    /// has ended, however it ended (a crash is a result, not an error).
    ///
    /// - Parameter workspace: the learner's workspace, where demos keep their files.
    /// - Throws: ``DemoLaunchError`` when it cannot be started.
    func run(lessonID: String, arguments: [String], workspace: URL) throws -> Termination
}
