import CCmarkGFM
import CCmarkGFMShim

/// Renders GitHub-flavoured Markdown for a terminal: wrapped paragraphs, styled headings, lists, quotes, tables and highlighted code.
///
/// The Markdown is parsed by cmark-gfm, GitHub's fork of the reference CommonMark
/// parser, with its table, strikethrough and autolink extensions, so lesson pages
/// behave exactly as they do on GitHub. The tree is walked block by block; each
/// block becomes a list of finished lines, and containers (list items, block
/// quotes) narrow the width for their children and put their markers or bars in
/// front of the children's lines. Tables are laid out by `TableRenderer`.
///
/// With `style.useColor` false the output contains no escape sequence at all,
/// and headings, inline code and the like stay recognizable by plain-text means
/// (underlines made of `=` and `-`, backticks, `~~`, tables drawn in ASCII).
package struct MarkdownRenderer: Sendable {
    /// The colors and the width used for rendering.
    package let style: TextStyle

    /// The indent of fenced and indented code blocks.
    package static let codeIndent = "    "
    /// Starts the rest of a line of code too wide for the terminal, on the next line.
    package static let continuationMark = "↪ "
    /// The bullets of unordered lists, one per nesting level, reused past the last.
    static let bullets = ["•", "◦", "▪"]

    package init(style: TextStyle) {
        self.style = style
    }

    /// Renders a Markdown document; the result ends with a newline unless it is empty.
    package func render(_ markdown: String) -> String {
        let bytes = Array(markdown.utf8)
        let lines: [String] = bytes.withUnsafeBufferPointer { buffer in
            let characters = UnsafeRawPointer(buffer.baseAddress ?? UnsafePointer(bitPattern: 1)!)
                .assumingMemoryBound(to: CChar.self)
            guard let document = didojo_cmark_parse_gfm(characters, buffer.count) else {
                return []
            }
            // The whole tree belongs to the document node; freeing it frees every node and string.
            defer { cmark_node_free(document) }
            return renderBlocks(in: document, width: style.width, listDepth: 0, tight: false)
        }
        if lines.isEmpty { return "" }
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: - Blocks

    /// Renders the block children of `parent`, separated by a blank line unless `tight`.
    private func renderBlocks(in parent: OpaquePointer, width: Int, listDepth: Int, tight: Bool) -> [String] {
        var lines: [String] = []
        var child = cmark_node_first_child(parent)
        while let node = child {
            let block = renderBlock(node, width: width, listDepth: listDepth)
            if !block.isEmpty {
                if !lines.isEmpty && !tight {
                    lines.append("")
                }
                lines += block
            }
            child = cmark_node_next(node)
        }
        return lines
    }

    /// Renders one block node as finished lines, each at most `width` columns.
    private func renderBlock(_ node: OpaquePointer, width: Int, listDepth: Int) -> [String] {
        switch cmark_node_get_type(node) {
        case CMARK_NODE_PARAGRAPH:
            return TextWrapper(width: width).wrapLines(renderInlines(in: node, styles: []))
        case CMARK_NODE_HEADING:
            return renderHeading(node, width: width)
        case CMARK_NODE_CODE_BLOCK:
            return renderCodeBlock(node, width: width)
        case CMARK_NODE_HTML_BLOCK:
            // Raw HTML means nothing to a terminal; showing its text at least loses nothing.
            let html = clean(trimTrailingNewlines(literal(of: node)), keepNewlines: true)
            return TextWrapper(width: width).wrapLines(html)
        case CMARK_NODE_THEMATIC_BREAK:
            return [ANSI.styled(String(repeating: "─", count: max(width, 1)), [ANSI.gray], enabled: style.useColor)]
        case CMARK_NODE_BLOCK_QUOTE:
            return renderBlockQuote(node, width: width, listDepth: listDepth)
        case CMARK_NODE_LIST:
            return renderList(node, width: width, listDepth: listDepth)
        default:
            if didojo_cmark_extension_node_kind(node) == DIDOJO_CMARK_TABLE {
                return renderTable(node, width: width)
            }
            // Documents, custom blocks and anything newer than this code: show what they contain.
            return renderBlocks(in: node, width: width, listDepth: listDepth, tight: false)
        }
    }

    /// Renders a table: its cells' inlines styled here (the header bold), the layout left to `TableRenderer`.
    private func renderTable(_ node: OpaquePointer, width: Int) -> [String] {
        let columnCount = Int(cmark_gfm_extensions_get_table_columns(node))
        let alignmentCodes = cmark_gfm_extensions_get_table_alignments(node)
        let alignments: [TextTable.Alignment] = (0..<columnCount).map { column in
            // cmark-gfm's codes: 'l', 'c', 'r', or 0 for a column without a colon.
            switch alignmentCodes.map({ $0[column] }) ?? 0 {
            case UInt8(ascii: "c"): return .center
            case UInt8(ascii: "r"): return .right
            default: return .left
            }
        }
        var header: [String] = []
        var rows: [[String]] = []
        var row = cmark_node_first_child(node)
        while let current = row {
            let isHeader = cmark_gfm_extensions_get_table_row_is_header(current) != 0
            let styles = isHeader && style.useColor ? [ANSI.bold] : []
            var cells: [String] = []
            var cell = cmark_node_first_child(current)
            while let currentCell = cell {
                let text = renderInlines(in: currentCell, styles: styles)
                cells.append(text.isEmpty ? "" : openStyles(styles) + text + closeStyles(styles))
                cell = cmark_node_next(currentCell)
            }
            if isHeader {
                header = cells
            } else {
                rows.append(cells)
            }
            row = cmark_node_next(current)
        }
        let table = TextTable(alignments: alignments, header: header, rows: rows)
        return TableRenderer(useColor: style.useColor).render(table, width: width)
    }

    /// Renders a heading: styled when colors are on, underlined with `=` or `-` (levels 1 and 2) when not.
    private func renderHeading(_ node: OpaquePointer, width: Int) -> [String] {
        let level = Int(cmark_node_get_heading_level(node))
        let codes: [String]
        switch level {
        case 1: codes = [ANSI.bold, ANSI.underline, ANSI.cyan]
        case 2: codes = [ANSI.bold, ANSI.cyan]
        default: codes = [ANSI.bold, ANSI.dim]
        }
        let styles = style.useColor ? codes : []
        let text = openStyles(styles) + renderInlines(in: node, styles: styles) + closeStyles(styles)
        var lines = TextWrapper(width: width).wrapLines(text)
        if !style.useColor && level <= 2 {
            let longest = lines.map(ANSI.visibleWidth).max() ?? 0
            let rule: Character = level == 1 ? "=" : "-"
            lines.append(String(repeating: rule, count: min(max(longest, 1), width)))
        }
        return lines
    }

    /// Renders a code block indented; Swift (or unlabeled) code is highlighted.
    ///
    /// A line too wide for the terminal is broken at a space where it can be (between
    /// characters where it cannot), and the rest goes on the next line under its indent behind
    /// `continuationMark` (a comment's behind its own `//` or `///`): a wrapped line of code
    /// must not read as two statements, and a line the terminal cuts or soft-wraps itself
    /// loses its indent.
    private func renderCodeBlock(_ node: OpaquePointer, width: Int) -> [String] {
        let info = string(cmark_node_get_fence_info(node))
        let language = info.split(separator: " ").first.map { $0.lowercased() } ?? ""
        let code = clean(trimTrailingNewlines(literal(of: node)), keepNewlines: true, tab: "    ")
        let shown: String
        if language.isEmpty || language == "swift" {
            shown = SwiftHighlighter().highlight(code, useColor: style.useColor)
        } else {
            shown = code
        }
        return shown.split(separator: "\n", omittingEmptySubsequences: false).flatMap { line -> [String] in
            if line.isEmpty { return [""] }
            let indented = Self.codeIndent + line
            guard ANSI.visibleWidth(indented) > width else { return [indented] }
            let plain = ANSI.strip(String(line))
            let leading = String(repeating: " ", count: min(plain.prefix { $0 == " " }.count, width / 3))
            // A comment goes on as a comment, as it would be written: the rest of it is code
            // for nobody.
            let comment = plain.drop { $0 == " " }.prefix { $0 == "/" }
            let mark = ANSI.styled(comment.count >= 2 ? comment + " " : Self.continuationMark, [ANSI.gray], enabled: style.useColor)
            return TextWrapper(width: width, firstIndent: Self.codeIndent, continuationIndent: Self.codeIndent + leading + mark)
                .wrapLines(String(line))
        }
    }

    /// Renders a block quote with a bar in front of each line of its content.
    private func renderBlockQuote(_ node: OpaquePointer, width: Int, listDepth: Int) -> [String] {
        let bar = ANSI.styled("│", [ANSI.gray], enabled: style.useColor)
        let inner = renderBlocks(in: node, width: max(width - 2, 1), listDepth: listDepth, tight: false)
        return inner.map { line in line.isEmpty ? bar : bar + " " + line }
    }

    /// Renders a bullet or ordered list; item content hangs under the text, not under the marker.
    private func renderList(_ node: OpaquePointer, width: Int, listDepth: Int) -> [String] {
        let ordered = cmark_node_get_list_type(node) == CMARK_ORDERED_LIST
        let tight = cmark_node_get_list_tight(node) != 0
        let start = Int(cmark_node_get_list_start(node))
        let delimiter = cmark_node_get_list_delim(node) == CMARK_PAREN_DELIM ? ")" : "."

        var items: [OpaquePointer] = []
        var child = cmark_node_first_child(node)
        while let item = child {
            items.append(item)
            child = cmark_node_next(item)
        }

        // Ordered markers are right-aligned so that "9." and "10." items start their text in one column.
        let markers: [String]
        if ordered {
            let numbers = items.indices.map { "\(start + $0)\(delimiter)" }
            let widest = numbers.map(\.count).max() ?? 0
            markers = numbers.map { String(repeating: " ", count: widest - $0.count) + $0 }
        } else {
            let bullet = Self.bullets[listDepth % Self.bullets.count]
            markers = items.map { _ in bullet }
        }
        let markerWidth = (markers.map(ANSI.visibleWidth).max() ?? 1) + 1
        let hangingIndent = String(repeating: " ", count: markerWidth)

        var lines: [String] = []
        for (item, marker) in zip(items, markers) {
            if !lines.isEmpty && !tight {
                lines.append("")
            }
            let shownMarker = ANSI.styled(marker, [ANSI.cyan], enabled: style.useColor)
            let content = renderBlocks(
                in: item, width: max(width - markerWidth, 1), listDepth: listDepth + 1, tight: tight)
            if content.isEmpty {
                lines.append(shownMarker)
                continue
            }
            for (number, line) in content.enumerated() {
                if number == 0 {
                    lines.append(shownMarker + " " + line)
                } else {
                    lines.append(line.isEmpty ? "" : hangingIndent + line)
                }
            }
        }
        return lines
    }

    // MARK: - Inlines

    /// Renders the inline children of `parent` as one string with `\n` only at hard breaks.
    ///
    /// `styles` are the escape sequences in effect around this text; after an
    /// inner style ends, everything is reset and these are opened again, which
    /// nests correctly (bold inside a heading stays bold after an inner code span).
    private func renderInlines(in parent: OpaquePointer, styles: [String]) -> String {
        var result = ""
        var child = cmark_node_first_child(parent)
        while let node = child {
            result += renderInline(node, styles: styles)
            child = cmark_node_next(node)
        }
        return result
    }

    private func renderInline(_ node: OpaquePointer, styles: [String]) -> String {
        switch cmark_node_get_type(node) {
        case CMARK_NODE_TEXT:
            return clean(literal(of: node), keepNewlines: false)
        case CMARK_NODE_SOFTBREAK:
            // A line break in the source is only a space; the wrapper decides where lines end.
            return " "
        case CMARK_NODE_LINEBREAK:
            return "\n"
        case CMARK_NODE_CODE:
            let code = clean(literal(of: node), keepNewlines: false)
            guard style.useColor else { return "`" + code + "`" }
            return styled(code, adding: [ANSI.yellow], to: styles)
        case CMARK_NODE_HTML_INLINE:
            return clean(literal(of: node), keepNewlines: false)
        case CMARK_NODE_EMPH:
            return styledChildren(of: node, adding: [ANSI.italic], to: styles)
        case CMARK_NODE_STRONG:
            return styledChildren(of: node, adding: [ANSI.bold], to: styles)
        case CMARK_NODE_LINK:
            return renderLink(node, styles: styles)
        case CMARK_NODE_IMAGE:
            let description = renderInlines(in: node, styles: styles)
            let url = clean(string(cmark_node_get_url(node)), keepNewlines: false)
            return "[image: " + description + "]" + urlSuffix(url, styles: styles)
        default:
            if didojo_cmark_extension_node_kind(node) == DIDOJO_CMARK_STRIKETHROUGH {
                guard style.useColor else { return "~~" + renderInlines(in: node, styles: styles) + "~~" }
                return styledChildren(of: node, adding: [ANSI.strikethrough], to: styles)
            }
            return renderInlines(in: node, styles: styles)
        }
    }

    /// Renders a link as its text followed by the address in parentheses, unless the text is the address.
    private func renderLink(_ node: OpaquePointer, styles: [String]) -> String {
        let url = clean(string(cmark_node_get_url(node)), keepNewlines: false)
        let text = styledChildren(of: node, adding: [ANSI.underline, ANSI.blue], to: styles)
        let plainText = ANSI.strip(text)
        // Autolinks such as <https://swift.org>, <me@example.com> or a bare www.swift.org would
        // otherwise show the address twice.
        if plainText == url || ["mailto:", "http://", "https://"].contains(where: { $0 + plainText == url })
            || url.isEmpty {
            return text
        }
        return text + urlSuffix(url, styles: styles)
    }

    private func urlSuffix(_ url: String, styles: [String]) -> String {
        guard !url.isEmpty else { return "" }
        guard style.useColor else { return " (" + url + ")" }
        return " (" + styled(url, adding: [ANSI.gray], to: styles) + ")"
    }

    /// Renders the children of `node` with extra styles, then returns to the surrounding ones.
    private func styledChildren(of node: OpaquePointer, adding codes: [String], to styles: [String]) -> String {
        guard style.useColor else { return renderInlines(in: node, styles: styles) }
        let inner = styles + codes
        return openStyles(codes) + renderInlines(in: node, styles: inner) + ANSI.reset + openStyles(styles)
    }

    /// Styles a piece of text with extra styles, then returns to the surrounding ones.
    private func styled(_ text: String, adding codes: [String], to styles: [String]) -> String {
        guard style.useColor else { return text }
        return openStyles(codes) + text + ANSI.reset + openStyles(styles)
    }

    private func openStyles(_ codes: [String]) -> String {
        style.useColor ? codes.joined() : ""
    }

    private func closeStyles(_ codes: [String]) -> String {
        style.useColor && !codes.isEmpty ? ANSI.reset : ""
    }

    // MARK: - Text from cmark

    private func literal(of node: OpaquePointer) -> String {
        string(cmark_node_get_literal(node))
    }

    /// Copies a string owned by cmark; cmark keeps ownership, so nothing is freed here.
    private func string(_ pointer: UnsafePointer<CChar>?) -> String {
        guard let pointer else { return "" }
        return String(cString: pointer)
    }

    private func trimTrailingNewlines(_ text: String) -> String {
        var text = text
        while text.last == "\n" || text.last == "\r\n" {
            text.removeLast()
        }
        return text
    }

    /// Removes control characters (escape sequences included) from page text.
    ///
    /// A lesson page must not be able to send its own escape sequences to the
    /// terminal, and uncolored output must not contain any. Tabs become `tab`
    /// because their width depends on the column they land in.
    private func clean(_ text: String, keepNewlines: Bool, tab: String = " ") -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text {
            if character == "\n" || character == "\r\n" {
                result += keepNewlines ? "\n" : " "
            } else if character == "\t" {
                result += tab
            } else if let value = character.unicodeScalars.first?.value,
                      value < 0x20 || (0x7F..<0xA0).contains(value) {
                continue
            } else {
                result.append(character)
            }
        }
        return result
    }
}
