import Foundation
import LessonSupport

/// Runs a lesson's demo in this process and reports a usage mistake in ArgumentParser's words.
enum DemoRunner {
    /// - Returns: false when the options were not understood or the demo failed.
    static func run(_ demo: any LessonDemo.Type, arguments: [String], workspace: URL) -> Bool {
        do {
            try demo.run(arguments: arguments, context: DemoContext(workspaceDirectory: workspace, write: write))
            return true
        } catch let error as DemoUsageError {
            write(error.message.hasSuffix("\n") ? error.message : error.message + "\n")
            return false
        } catch {
            write("The example program stopped with an error: \(error.localizedDescription)\n")
            return false
        }
    }

    /// Straight to standard output, unbuffered: the learner sees each line as the demo writes
    /// it, in order with anything the shell printed before.
    @Sendable static func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }
}
