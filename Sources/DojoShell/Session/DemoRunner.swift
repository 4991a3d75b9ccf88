import Foundation
import LessonSupport

/// Runs a lesson's demo and reports a usage mistake in ArgumentParser's words.
/// Shared by the shell's `run` and the `didojo run` subcommand.
@MainActor
public enum DemoRunner {
    /// - Returns: false when the options were not understood or the demo failed.
    @discardableResult
    public static func run(_ demo: any LessonDemo.Type, arguments: [String], workspace: URL, write: @escaping (String) -> Void) -> Bool {
        let sink = DemoOutputSink(write: write)
        let context = DemoContext(workspaceDirectory: workspace) { sink.write($0) }
        do {
            try demo.run(arguments: arguments, context: context)
            return true
        } catch let error as DemoUsageError {
            write(error.message.hasSuffix("\n") ? error.message : error.message + "\n")
            return false
        } catch {
            write("The example program stopped with an error: \(error.localizedDescription)\n")
            return false
        }
    }
}

/// Lets a demo write through the shell's terminal while it runs, in order with whatever else
/// it prints, although `DemoContext.write` must be `@Sendable`.
private final class DemoOutputSink: @unchecked Sendable {
    // Safe because demos run synchronously on the main actor, the only place `write` is called.
    private let writeOnMain: (String) -> Void

    init(write: @escaping (String) -> Void) {
        writeOnMain = write
    }

    func write(_ text: String) {
        MainActor.assumeIsolated { writeOnMain(text) }
    }
}
