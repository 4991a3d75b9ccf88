import Foundation
import LineEditing
import TerminalMarkdown

/// Lines from a script or a pipe: no prompt, no history, no spinner, so that
/// `printf 'lessons\nquit\n' | didojo` prints only what the commands say.
@MainActor
public final class ScriptTerminal: Terminal {
    private let reader = PlainLineReader()
    private let environment: [String: String]

    public init(environment: [String: String]) {
        self.environment = environment
    }

    public var isInteractive: Bool { false }

    public var style: TextStyle {
        TextStyle.fromEnvironment(environment, isTerminal: TerminalInfo.isTerminal(fd: 1), columns: TerminalInfo.columns(fd: 1))
    }

    public func readLine(prompt: String) -> LineReadResult {
        reader.readLine(prompt: prompt)
    }

    public func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    public func close() {}
}
