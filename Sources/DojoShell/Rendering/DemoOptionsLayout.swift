import TerminalMarkdown

/// A demo's options, as `help run` lists them, fitted to the terminal: an option whose lines
/// all fit is shown as its demo wrote it; one that does not has its description (with the
/// lines that go on from it) wrapped again under the description's column, so that the options
/// stay a table at any width.
enum DemoOptionsLayout {
    /// `usage` (`--text <text>   what to post …`, one option a line, its description going
    /// on in lines indented further) indented by `indent` and fitted to `width` columns.
    static func fitted(_ usage: String, indent: String, width: Int) -> [String] {
        entries(of: usage.split(separator: "\n", omittingEmptySubsequences: false).map { indent + $0 }).flatMap { entry in
            entry.allSatisfy { ANSI.visibleWidth($0) <= width } ? entry : rewrapped(entry, width: width)
        }
    }

    /// The lines grouped by option: a line indented further than the one that starts its
    /// group goes on from it.
    private static func entries(of lines: [String]) -> [[String]] {
        var entries: [[String]] = []
        for line in lines {
            if let first = entries.last?.first, indentation(of: line) > indentation(of: first), !line.allSatisfy({ $0 == " " }) {
                entries[entries.count - 1].append(line)
            } else {
                entries.append([line])
            }
        }
        return entries
    }

    /// One option's lines as one paragraph, wrapped under its description's column (under the
    /// option, a little in, when that column would leave the description too narrow).
    private static func rewrapped(_ entry: [String], width: Int) -> [String] {
        let first = entry[0]
        let text = ([first] + entry.dropFirst().map { $0.trimmingCharacters(in: .whitespaces) }).joined(separator: " ")
        let indent = indentation(of: first)
        var hanging = descriptionColumn(of: first) ?? indent
        if hanging > width / 2 { hanging = indent + 4 }
        return TextWrapper(width: width, continuationIndent: String(repeating: " ", count: hanging)).wrapLines(text)
    }

    /// Where the description of an option line starts: after the first run of two spaces or
    /// more past the option. Nil for a line that is not an option's.
    private static func descriptionColumn(of line: String) -> Int? {
        let characters = Array(line)
        var index = indentation(of: line)
        guard index < characters.count, characters[index] == "-" else { return nil }
        while index + 1 < characters.count, !(characters[index] == " " && characters[index + 1] == " ") { index += 1 }
        while index < characters.count, characters[index] == " " { index += 1 }
        return index < characters.count ? index : nil
    }

    private static func indentation(of line: String) -> Int {
        line.prefix { $0 == " " }.count
    }
}
