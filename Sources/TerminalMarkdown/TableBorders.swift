/// The characters a table is drawn with: box-drawing lines, or plain ASCII for terminals that
/// cannot be relied on to show them (`TERM=dumb`, `NO_COLOR`, output to a file).
///
/// The rule under the header is doubled (`═`, `=`) so that the header stays recognisable
/// without bold type, as in reStructuredText's grid tables.
struct TableBorders: Sendable {
    /// The characters of one horizontal rule: its left end, its line, the crossings and its right end.
    struct Rule: Sendable {
        let left: String
        let line: String
        let crossing: String
        let right: String
    }

    let top: Rule
    let underHeader: Rule
    let betweenRows: Rule
    let bottom: Rule
    let vertical: String

    static let boxDrawing = TableBorders(
        top: Rule(left: "┌", line: "─", crossing: "┬", right: "┐"),
        underHeader: Rule(left: "╞", line: "═", crossing: "╪", right: "╡"),
        betweenRows: Rule(left: "├", line: "─", crossing: "┼", right: "┤"),
        bottom: Rule(left: "└", line: "─", crossing: "┴", right: "┘"),
        vertical: "│")

    static let ascii = TableBorders(
        top: Rule(left: "+", line: "-", crossing: "+", right: "+"),
        underHeader: Rule(left: "+", line: "=", crossing: "+", right: "+"),
        betweenRows: Rule(left: "+", line: "-", crossing: "+", right: "+"),
        bottom: Rule(left: "+", line: "-", crossing: "+", right: "+"),
        vertical: "|")

    /// A rule across columns of the given widths; each column also spans its two padding spaces.
    func line(_ rule: Rule, widths: [Int]) -> String {
        let segments = widths.map { String(repeating: rule.line, count: $0 + 2) }
        return rule.left + segments.joined(separator: rule.crossing) + rule.right
    }
}
