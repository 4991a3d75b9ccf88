/// A command as the shell holds it: its words for `help`, and a way to run it that hands it
/// its own part of the session (see `ShellCommand.Context`).
@MainActor
package struct RegisteredCommand {
    package let name: String
    package let usage: String
    package let summary: String
    package let details: String
    private let complete: @MainActor ([String], ShellSession) -> [String]
    private let perform: @MainActor ([String], ShellSession) async -> CommandOutcome

    /// - Parameter narrowing: the session as `command` sees it; `{ $0 }` where the session
    ///   has every need the command declares (the compiler checks that it does).
    init<Command: ShellCommand>(_ command: Command, narrowing: @escaping @MainActor (ShellSession) -> Command.Context) {
        name = command.name
        usage = command.usage
        summary = command.summary
        details = command.details
        complete = { arguments, session in command.completions(arguments: arguments, session: narrowing(session)) }
        perform = { arguments, session in await command.run(arguments, session: narrowing(session)) }
    }

    package func completions(arguments: [String], session: ShellSession) -> [String] {
        complete(arguments, session)
    }

    package func run(_ arguments: [String], session: ShellSession) async -> CommandOutcome {
        await perform(arguments, session)
    }
}
