import DojoCatalog
import TerminalMarkdown

/// `help [command]`: what the commands do.
struct HelpCommand: ShellCommand {
    typealias Context = any CommandScreen & CourseReading & ProgramStarting

    let name = "help"
    let usage = "help [command]"
    let summary = "List the commands, or explain one."
    /// The longest usage with its summary beside it in the list.
    private static let widestUsageBeside = 19

    func completions(arguments: [String], session: Context) -> [String] {
        arguments.isEmpty ? CommandRegistry.standard().names : []
    }

    func run(_ arguments: [String], session: Context) async -> CommandOutcome {
        session.paged { _ in show(arguments, session: session) }
        return .keepGoing
    }

    private func show(_ arguments: [String], session: Context) {
        let registry = CommandRegistry.standard()
        let printer = session.printer
        if let name = arguments.first {
            guard let command = registry.command(named: name) else {
                let suggestion = ClosestMatch.find(name, among: registry.names)
                printer.line("There is no command '\(name)'." + (suggestion.map { " Did you mean '\($0)'?" } ?? "") + " Type 'help' to see all commands.")
                return
            }
            printer.heading(command.usage)
            printer.line(command.details, indent: "  ")
            if command.name == "solution", let workshop = session.workshop {
                printer.line(SolutionCommand.policyLine(workshop), indent: "  ")
            }
            if command.name == "run", let lesson = session.currentLesson {
                showDemoOptions(of: lesson.id, session: session)
            }
            return
        }
        // Summaries start in one column, left of the middle of an 80-column screen; a usage
        // too long for it has its summary on the next line.
        let width = registry.commands.map(\.usage.count).filter { $0 <= Self.widestUsageBeside }.max() ?? 0
        let hang = String(repeating: " ", count: width + 2)
        for command in registry.commands {
            let usage = printer.paint(command.usage, ANSI.bold)
            if command.usage.count <= width {
                let padding = String(repeating: " ", count: width - command.usage.count + 2)
                printer.hanging(usage + padding + command.summary, indent: hang)
            } else {
                printer.line(usage)
                printer.hanging(hang + command.summary, indent: hang)
            }
        }
        printer.line()
        printer.note("Tab completes commands, lessons, exercises and glossary terms. Up/Down recall earlier lines. Ctrl-C cancels; Ctrl-D or 'quit' leaves.")
    }

    /// The open lesson's `run` options, as its demo describes them.
    private func showDemoOptions(of lessonID: String, session: Context) {
        let printer = session.printer
        do {
            guard let demo = try RunCommand.description(of: lessonID, demos: session.programs.demos) else { return }
            printer.line()
            printer.line("Options of the \(lessonID) lesson:", indent: "  ")
            printer.verbatim(DemoOptionsLayout.fitted(demo.usage, indent: "    ", width: printer.style.width).joined(separator: "\n"))
        } catch {
            printer.line()
            printer.line("The \(lessonID) lesson's options cannot be shown. \(error.localizedDescription)", indent: "  ")
        }
    }
}
