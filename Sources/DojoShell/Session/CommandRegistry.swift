/// The shell's commands, by name, and what Tab offers for a partly typed line.
@MainActor
package struct CommandRegistry {
    package let commands: [any ShellCommand]
    /// Other names people type for the same command.
    let aliases: [String: String] = ["exit": "quit", "?": "help", "ls": "lessons", "hints": "hint"]

    package init(commands: [any ShellCommand]) {
        self.commands = commands
    }

    /// Every command of the shell, in the order `help` lists them.
    package static func standard() -> CommandRegistry {
        CommandRegistry(commands: [
            HelpCommand(), LessonsCommand(), OpenCommand(), ReadCommand(), NextCommand(), PreviousCommand(), GlossaryCommand(),
            RunCommand(), PresentCommand(), ExerciseCommand(), EditCommand(), CheckCommand(), WatchCommand(), HintCommand(),
            OutputCommand(), SolutionCommand(), GraphCommand(), ResetCommand(), ProgressCommand(), ReportCommand(), ClassCommand(), AskCommand(),
            PagerCommand(), ClearCommand(), QuitCommand(),
        ])
    }

    package var names: [String] { commands.map(\.name) }

    package func command(named name: String) -> (any ShellCommand)? {
        let resolved = aliases[name] ?? name
        return commands.first { $0.name == resolved }
    }

    /// Candidates for the word being typed, given the words before it.
    package func candidates(wordsBeforeCursor: [String], session: ShellSession) -> [String] {
        guard let first = wordsBeforeCursor.first else { return names }
        guard let command = command(named: first) else { return [] }
        return command.completions(arguments: Array(wordsBeforeCursor.dropFirst()), session: session)
    }
}
