/// The shell's commands, by name, and what Tab offers for a partly typed line.
@MainActor
public struct CommandRegistry {
    public let commands: [any ShellCommand]
    /// Other names people type for the same command.
    let aliases: [String: String] = ["exit": "quit", "?": "help", "ls": "lessons", "hints": "hint"]

    public init(commands: [any ShellCommand]) {
        self.commands = commands
    }

    /// Every command of the shell, in the order `help` lists them.
    public static func standard() -> CommandRegistry {
        CommandRegistry(commands: [
            HelpCommand(), LessonsCommand(), OpenCommand(), ReadCommand(), NextCommand(), PreviousCommand(), GlossaryCommand(),
            RunCommand(), PresentCommand(), ExerciseCommand(), EditCommand(), CheckCommand(), WatchCommand(), HintCommand(),
            OutputCommand(), SolutionCommand(), GraphCommand(), ResetCommand(), ProgressCommand(), ReportCommand(), ClassCommand(), AskCommand(),
            PagerCommand(), ClearCommand(), QuitCommand(),
        ])
    }

    public var names: [String] { commands.map(\.name) }

    public func command(named name: String) -> (any ShellCommand)? {
        let resolved = aliases[name] ?? name
        return commands.first { $0.name == resolved }
    }

    /// Candidates for the word being typed, given the words before it.
    public func candidates(wordsBeforeCursor: [String], session: ShellSession) -> [String] {
        guard let first = wordsBeforeCursor.first else { return names }
        guard let command = command(named: first) else { return [] }
        return command.completions(arguments: Array(wordsBeforeCursor.dropFirst()), session: session)
    }
}
