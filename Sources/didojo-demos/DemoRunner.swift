import Foundation
import LessonSupport

/// Runs a lesson's demo in this process and reports a usage mistake in ArgumentParser's words.
enum DemoRunner {
    /// - Returns: false when the options were not understood or the demo failed.
    static func run(_ demo: any LessonDemo.Type, arguments: [String], workspace: URL) -> Bool {
        defer { output.flush() }
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

    /// Where the demos write: standard output, fitted to the terminal's width line by line.
    static let output = WrappedOutput(width: WrappedOutput.standardOutputWidth())

    @Sendable static func write(_ text: String) {
        output.write(text)
    }
}
