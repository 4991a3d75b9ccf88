/// One command of the interactive shell.
@MainActor
package protocol ShellCommand {
    var name: String { get }
    /// e.g. `check [exercise]`.
    var usage: String { get }
    /// One line, shown by `help`.
    var summary: String { get }
    /// A few lines more, shown by `help <command>`.
    var details: String { get }
    /// Words that may come next, for Tab completion.
    func completions(arguments: [String], session: ShellSession) -> [String]
    func run(_ arguments: [String], session: ShellSession) async -> CommandOutcome
}

package enum CommandOutcome: Equatable, Sendable {
    case keepGoing
    case quit
}

extension ShellCommand {
    package var details: String { summary }

    package func completions(arguments: [String], session: ShellSession) -> [String] { [] }
}
