/// A screen that draws each sheet as a box of text:
///
/// ```
/// ┌─ Twitter · compose ─┐
/// │ Hello               │
/// └─────────────────────┘
/// ```
public struct TerminalScreen: Screen, Sendable {
    /// The screen that draws on standard output; what clients use unless told otherwise.
    public static let standard = TerminalScreen()

    private let write: @Sendable (String) -> Void

    /// - Parameter write: receives the drawing, newlines included; standard output by default.
    public init(write: @escaping @Sendable (String) -> Void = StandardOutput.write) {
        self.write = write
    }

    public func present(_ sheet: Sheet) {
        write(Self.draw(sheet))
    }

    /// The box for `sheet`, as lines ending in newlines. Wide enough for the title and the
    /// longest line, so the frame always closes.
    static func draw(_ sheet: Sheet) -> String {
        let width = max(sheet.title.count + 3, sheet.lines.map(\.count).max() ?? 0)
        var text = "┌─ \(sheet.title) " + String(repeating: "─", count: width - sheet.title.count - 1) + "┐\n"
        for line in sheet.lines {
            text += "│ " + line + String(repeating: " ", count: width - line.count) + " │\n"
        }
        text += "└" + String(repeating: "─", count: width + 2) + "┘\n"
        return text
    }
}
