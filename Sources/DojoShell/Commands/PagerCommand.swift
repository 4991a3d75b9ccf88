/// `pager [on|off]`: whether long text goes through the pager, for the rest of the session.
struct PagerCommand: ShellCommand {
    typealias Context = any CommandScreen & PagerSwitch

    let name = "pager"
    let usage = "pager [on|off]"
    let summary = "Whether text taller than the screen is shown through a pager."
    var details: String {
        "A page, 'help', 'glossary', 'lessons', 'report', 'graph' or 'output' taller than the screen is shown through your pager, as git and man do: $DIDOJO_PAGER, else $PAGER, else less (q leaves it, Space and b page, / searches). 'pager off' prints such text whole for the rest of this session, 'pager on' turns the pager back on. To start without it: didojo --no-pager, or export DIDOJO_PAGER=cat."
    }

    func completions(arguments: [String], session: Context) -> [String] {
        arguments.isEmpty ? ["on", "off"] : []
    }

    func run(_ arguments: [String], session: Context) async -> CommandOutcome {
        let printer = session.printer
        switch arguments.first {
        case nil:
            break
        case "on":
            session.pagerEnabled = true
        case "off":
            session.pagerEnabled = false
        case let other?:
            printer.line("'pager' takes on or off, not '\(other)'.")
            return .keepGoing
        }
        if !session.pagerIsAvailable {
            printer.line("There is no pager: $DIDOJO_PAGER or $PAGER is cat or empty, or less is not installed. Long text is printed whole.")
        } else if session.pagerEnabled {
            printer.line("The pager is on: text taller than the screen is shown through it ('pager off' prints it whole).")
        } else {
            printer.line("The pager is off: long text is printed whole ('pager on' turns it back on).")
        }
        return .keepGoing
    }
}
