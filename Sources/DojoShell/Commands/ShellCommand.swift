/// One command of the interactive shell.
///
/// A command receives only what it uses of the shell, its `Context`: a composition of the
/// narrow protocols in `Commands/Needs` (what reads the catalogue, what runs a check, what
/// pages text, …), never the whole `ShellSession`. `CommandRegistry` narrows the session to
/// each command's context; a test may hand a command any value that has what it declares.
@MainActor
package protocol ShellCommand {
    /// What the command uses of the shell, e.g. `any CommandScreen & CourseReading`.
    associatedtype Context
    var name: String { get }
    /// e.g. `check [exercise]`.
    var usage: String { get }
    /// One line, shown by `help`.
    var summary: String { get }
    /// A few lines more, shown by `help <command>`.
    var details: String { get }
    /// Words that may come next, for Tab completion.
    func completions(arguments: [String], session: Context) -> [String]
    func run(_ arguments: [String], session: Context) async -> CommandOutcome
}

package enum CommandOutcome: Equatable, Sendable {
    case keepGoing
    case quit
}

extension ShellCommand {
    package var details: String { summary }

    package func completions(arguments: [String], session: Context) -> [String] { [] }
}
