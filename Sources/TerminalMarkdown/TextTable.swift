/// A table ready to be laid out: its cells already rendered as styled text, and how each column is aligned.
///
/// The Markdown renderer builds one from a GitHub-flavoured table; `TableRenderer` draws it.
struct TextTable: Sendable, Equatable {
    /// Where a cell's text sits in its column, as the table's `:---`, `:---:` and `---:` ask.
    enum Alignment: Sendable, Equatable {
        case left, center, right
    }

    /// One alignment per column; its count is the table's number of columns.
    var alignments: [Alignment]
    /// The header row's cells, one per column.
    var header: [String]
    /// The body rows, each with one cell per column.
    var rows: [[String]]

    /// Creates a table, giving every row exactly one cell per column: short rows get empty
    /// cells, extra cells are dropped (as GitHub shows them).
    init(alignments: [Alignment], header: [String], rows: [[String]]) {
        let count = alignments.count
        func fitted(_ cells: [String]) -> [String] {
            Array(cells.prefix(count)) + Array(repeating: "", count: max(0, count - cells.count))
        }
        self.alignments = alignments
        self.header = fitted(header)
        self.rows = rows.map(fitted)
    }

    var columnCount: Int { alignments.count }
}
