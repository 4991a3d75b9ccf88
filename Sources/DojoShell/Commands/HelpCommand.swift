import DojoCore
/// `help [command]`: what the commands do.
struct HelpCommand: ShellCommand {
    let name = "help"
    let usage = "help [command]"
    let summary = "List the commands, or explain one."

    func completions(arguments: [String], session: ShellSession) -> [String] {
        arguments.isEmpty ? CommandRegistry.standard().names : []
    }

    func run(_ arguments: [String], session: ShellSession) async -> CommandOutcome {
        let registry = CommandRegistry.standard()
        let printer = session.printer
        if let name = arguments.first {
            guard let command = registry.command(named: name) else {
                let suggestion = ClosestMatch.find(name, among: registry.names)
                printer.line("There is no command '\(name)'." + (suggestion.map { " Did you mean '\($0)'?" } ?? "") + " Type 'help' to see all commands.")
                return .keepGoing
            }
            printer.heading(command.usage)
            printer.line(command.details, indent: "  ")
            if command.name == "solution", let workshop = session.workshop {
                printer.line(SolutionCommand.policyLine(workshop), indent: "  ")
            }
            if command.name == "run", let lesson = session.currentLesson {
                showDemoOptions(of: lesson.id, session: session)
            }
            return .keepGoing
        }
        let width = registry.commands.map(\.usage.count).max() ?? 0
        for command in registry.commands {
            let padded = command.usage.padding(toLength: width, withPad: " ", startingAt: 0)
            printer.line(printer.paint(padded, "\u{1b}[1m") + "  " + command.summary, indent: "")
        }
        printer.line()
        printer.note("Tab completes commands, lessons, exercises and glossary terms. Up/Down recall earlier lines. Ctrl-C cancels; Ctrl-D or 'quit' leaves.")
        return .keepGoing
    }

    /// The open lesson's `run` options, as its demo describes them.
    private func showDemoOptions(of lessonID: String, session: ShellSession) {
        let printer = session.printer
        do {
            guard let demo = try RunCommand.description(of: lessonID, session: session) else { return }
            printer.line()
            printer.line("Options of the \(lessonID) lesson:", indent: "  ")
            printer.verbatim(demo.usage.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n"))
        } catch {
            printer.line()
            printer.line("The \(lessonID) lesson's options cannot be shown. \(error.localizedDescription)", indent: "  ")
        }
    }
}
