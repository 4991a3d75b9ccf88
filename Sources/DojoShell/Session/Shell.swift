import DojoCatalog
import DojoCore
import LineEditing

/// The interactive loop: read a line, run the command, repeat until `quit` or Ctrl-D.
@MainActor
package final class Shell {
    package let session: ShellSession
    package let registry: CommandRegistry

    package init(session: ShellSession, registry: CommandRegistry = .standard()) {
        self.session = session
        self.registry = registry
    }

    /// What Tab offers; the composition root hands this to the line editor.
    package func completionCandidates(wordsBeforeCursor: [String], partialWord: String) -> [String] {
        registry.candidates(wordsBeforeCursor: wordsBeforeCursor, session: session)
    }

    package func run() async {
        let terminal = session.terminal
        defer { terminal.close() }
        // What the learner did while the class could not be reached, delivered now (nothing
        // happens outside a class).
        session.dependencies.classroom.deliverNow()
        let interrupts = session.dependencies.console.interrupts
        while true {
            switch terminal.readLine(prompt: session.prompt) {
            case .endOfInput:
                if terminal.isInteractive { terminal.write("\n") }
                return
            case .interrupted:
                // Ctrl-C on the prompt only throws the line away; SIGTERM or SIGHUP end the shell.
                if interrupts.stopRequested { return }
                continue
            case .line(let text):
                // A stop during the command cancelled it (as Ctrl-C would); then the shell ends.
                if await execute(text) == .quit || interrupts.stopRequested { return }
            }
        }
    }

    /// Runs one typed line.
    package func execute(_ text: String) async -> CommandOutcome {
        guard text.utf8.count <= TypedLine.maximumLength else {
            session.printer.line("That line is \(text.utf8.count) bytes long, far longer than any command, so it was not read. (Pasted by accident?) Type 'help' to see all commands.")
            return .keepGoing
        }
        let words = CommandLineWords.split(TypedLine.withVisibleControlCharacters(text))
        guard let name = words.first else { return .keepGoing }
        guard let command = registry.command(named: name) else {
            let suggestion = ClosestMatch.find(name, among: registry.names)
            session.printer.line("Unknown command '\(name)'." + (suggestion.map { " Did you mean '\($0)'?" } ?? "") + " Type 'help' to see all commands.")
            return .keepGoing
        }
        // A Ctrl-C pressed at the prompt must not cancel the command that follows.
        _ = session.dependencies.console.interrupts.takeInterrupt()
        // Another didojo may have changed the progress since the last command (a teacher's
        // `verify`, `reset --all` in another terminal): show what is true now.
        session.refreshProgress()
        return await command.run(Array(words.dropFirst()), session: session)
    }
}
