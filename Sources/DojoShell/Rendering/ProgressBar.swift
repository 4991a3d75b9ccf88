import TerminalMarkdown

/// `[██████░░░░░░]`, with a plain-ASCII form when color is off.
@MainActor
enum ProgressBar {
    static func render(done: Int, total: Int, width: Int, printer: Printer) -> String {
        let filled = total == 0 ? 0 : Int((Double(done) / Double(total) * Double(width)).rounded())
        if printer.style.useColor {
            return "[" + printer.paint(String(repeating: "█", count: filled), ANSI.green) + String(repeating: "░", count: width - filled) + "]"
        }
        return "[" + String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled) + "]"
    }
}
