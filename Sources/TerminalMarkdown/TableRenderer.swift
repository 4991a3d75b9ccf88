/// Draws a `TextTable` as a terminal table that fits a given width.
///
/// ```text
/// ┌──────────┬─────────────────┐
/// │ kind     │ use it when     │
/// ╞══════════╪═════════════════╡
/// │ setter   │ a framework     │
/// │          │ creates it      │
/// ├──────────┼─────────────────┤
/// │ method   │ it varies       │
/// └──────────┴─────────────────┘
/// ```
///
/// Columns get their natural widths when the table fits; otherwise `ColumnFitter` narrows the
/// widest ones and their cells are wrapped inside the column. Rows get a rule between them only
/// when some row takes more than one line, where they would otherwise run together. A table
/// with more columns than even the narrowest layout fits is shown as one block per row instead,
/// each cell under its column's heading.
struct TableRenderer: Sendable {
    /// Whether escape sequences may be used: gray borders, and box-drawing lines rather than ASCII.
    var useColor: Bool

    private var borders: TableBorders { useColor ? .boxDrawing : .ascii }

    /// The table's lines, none wider than `width` columns.
    func render(_ table: TextTable, width: Int) -> [String] {
        guard table.columnCount > 0 else { return [] }
        let allRows = [table.header] + table.rows
        let fitter = ColumnFitter(
            naturalWidths: (0..<table.columnCount).map { column in
                max(1, allRows.map { ANSI.visibleWidth($0[column]) }.max() ?? 0)
            },
            longestWords: (0..<table.columnCount).map { column in
                allRows.map { Self.longestWord(in: $0[column]) }.max() ?? 0
            })
        // Each column has a space either side of its text, and there is one bar more than columns.
        let frame = 3 * table.columnCount + 1
        guard let assigned = fitter.widths(room: width - frame) else {
            return renderAsBlocks(table, width: width)
        }

        let wrappedRows = allRows.map { row in
            row.indices.map { column in TextWrapper(width: assigned[column]).wrapLines(row[column]) }
        }
        // Wrapping at word boundaries may leave a column narrower than it was given.
        let widths = assigned.indices.map { column in
            max(1, wrappedRows.map { row in row[column].map(ANSI.visibleWidth).max() ?? 0 }.max() ?? 0)
        }
        let rowsRunTogether = wrappedRows.dropFirst().contains { row in row.contains { $0.count > 1 } }

        var lines = [rule(borders.top, widths: widths)]
        lines += cellLines(wrappedRows[0], widths: widths, alignments: table.alignments)
        for (number, row) in wrappedRows.dropFirst().enumerated() {
            if number == 0 {
                lines.append(rule(borders.underHeader, widths: widths))
            } else if rowsRunTogether {
                lines.append(rule(borders.betweenRows, widths: widths))
            }
            lines += cellLines(row, widths: widths, alignments: table.alignments)
        }
        lines.append(rule(borders.bottom, widths: widths))
        return lines
    }

    /// The lines of one row: cells side by side, each padded to its column, shorter cells blank below.
    private func cellLines(_ cells: [[String]], widths: [Int], alignments: [TextTable.Alignment]) -> [String] {
        let height = cells.map(\.count).max() ?? 1
        let bar = gray(borders.vertical)
        return (0..<height).map { lineNumber in
            var line = bar
            for (column, cellLines) in cells.enumerated() {
                let text = lineNumber < cellLines.count ? cellLines[lineNumber] : ""
                line += " " + Self.pad(text, to: widths[column], alignment: alignments[column]) + " " + bar
            }
            return line
        }
    }

    private func rule(_ rule: TableBorders.Rule, widths: [Int]) -> String {
        gray(borders.line(rule, widths: widths))
    }

    /// Too many columns for the width: each row as a block of "heading: text" lines between rules.
    private func renderAsBlocks(_ table: TextTable, width: Int) -> [String] {
        let separator = gray(String(repeating: borders.top.line, count: max(width, 1)))
        let rows = table.rows.isEmpty ? [Array(repeating: "", count: table.columnCount)] : table.rows
        var lines: [String] = []
        for row in rows {
            lines.append(separator)
            for (heading, cell) in zip(table.header, row) {
                let label = ANSI.strip(heading).isEmpty ? cell : heading + ": " + cell
                lines += TextWrapper(width: width, continuationIndent: "  ").wrapLines(label)
            }
        }
        lines.append(separator)
        return lines
    }

    private func gray(_ text: String) -> String {
        ANSI.styled(text, [ANSI.gray], enabled: useColor)
    }

    /// `text` padded with spaces to `width` columns, placed as the column's alignment asks.
    static func pad(_ text: String, to width: Int, alignment: TextTable.Alignment) -> String {
        let room = max(0, width - ANSI.visibleWidth(text))
        let before: Int
        switch alignment {
        case .left: before = 0
        case .center: before = room / 2
        case .right: before = room
        }
        return String(repeating: " ", count: before) + text + String(repeating: " ", count: room - before)
    }

    /// The width of the widest space-separated word of `text`, escape sequences not counted.
    static func longestWord(in text: String) -> Int {
        ANSI.strip(text).split(whereSeparator: { $0 == " " || $0 == "\n" })
            .map { word in word.reduce(0) { $0 + ANSI.columnWidth(of: $1) } }
            .max() ?? 0
    }
}
