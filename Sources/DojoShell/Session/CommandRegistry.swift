/// The shell's commands, by name, and what Tab offers for a partly typed line.
@MainActor
package struct CommandRegistry {
    package let commands: [RegisteredCommand]
    /// Other names people type for the same command.
    let aliases: [String: String] = ["exit": "quit", "?": "help", "ls": "lessons", "hints": "hint"]

    package init(commands: [RegisteredCommand]) {
        self.commands = commands
    }

    /// Every command of the shell, in the order `help` lists them.
    package static func standard() -> CommandRegistry {
        // Each command gets the session as its Context, which the compiler checks it has.
        CommandRegistry(commands: [
            RegisteredCommand(HelpCommand()) { $0 },
            RegisteredCommand(LessonsCommand()) { $0 },
            RegisteredCommand(OpenCommand()) { $0 },
            RegisteredCommand(ReadCommand()) { $0 },
            RegisteredCommand(NextCommand()) { $0 },
            RegisteredCommand(PreviousCommand()) { $0 },
            RegisteredCommand(GlossaryCommand()) { $0 },
            RegisteredCommand(RunCommand()) { $0 },
            RegisteredCommand(PresentCommand()) { $0 },
            RegisteredCommand(ExerciseCommand()) { $0 },
            RegisteredCommand(EditCommand()) { $0 },
            RegisteredCommand(CheckCommand()) { $0 },
            RegisteredCommand(WatchCommand()) { $0 },
            RegisteredCommand(HintCommand()) { $0 },
            RegisteredCommand(OutputCommand()) { $0 },
            RegisteredCommand(SolutionCommand()) { $0 },
            RegisteredCommand(GraphCommand()) { $0 },
            RegisteredCommand(ResetCommand()) { $0 },
            RegisteredCommand(ProgressCommand()) { $0 },
            RegisteredCommand(ReportCommand()) { $0 },
            RegisteredCommand(ClassCommand()) { $0 },
            RegisteredCommand(AskCommand()) { $0 },
            RegisteredCommand(PagerCommand()) { $0 },
            RegisteredCommand(ClearCommand()) { $0 },
            RegisteredCommand(QuitCommand()) { $0 },
        ])
    }

    package var names: [String] { commands.map(\.name) }

    package func command(named name: String) -> RegisteredCommand? {
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
