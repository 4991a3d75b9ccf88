import DojoWorkspace
import TerminalMarkdown

/// The one-character mark for an exercise's status: ✓ passed, ✗ failed, · not tried.
@MainActor
enum StatusMark {
    static func mark(_ status: ExerciseStatus, printer: Printer) -> String {
        switch status {
        case .passed: return printer.paint("✓", ANSI.green)
        case .failed: return printer.paint("✗", ANSI.red)
        case .pending: return printer.paint("·", ANSI.dim)
        }
    }
}
