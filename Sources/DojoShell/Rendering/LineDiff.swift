import TerminalMarkdown

/// A line diff in unified style, from the standard library's `CollectionDifference`.
enum LineDiff {
    enum Line: Equatable {
        case same(String), removed(String), added(String)
    }

    /// The changed lines with up to `context` unchanged lines around them; a `nil` entry
    /// stands for skipped unchanged lines. Empty when the texts are equal.
    static func unified(from old: String, to new: String, context: Int = 2) -> [Line?] {
        let oldLines = old.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let newLines = new.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let difference = newLines.difference(from: oldLines)
        var removed = Set<Int>(), inserted = Set<Int>()
        for change in difference {
            switch change {
            case .remove(let offset, _, _): removed.insert(offset)
            case .insert(let offset, _, _): inserted.insert(offset)
            }
        }
        guard !removed.isEmpty || !inserted.isEmpty else { return [] }

        var all: [Line] = []
        var i = 0, j = 0
        while i < oldLines.count || j < newLines.count {
            if i < oldLines.count, removed.contains(i) {
                all.append(.removed(oldLines[i])); i += 1
            } else if j < newLines.count, inserted.contains(j) {
                all.append(.added(newLines[j])); j += 1
            } else {
                if i < oldLines.count { all.append(.same(oldLines[i])) }
                i += 1; j += 1
            }
        }
        let changed = all.indices.filter { if case .same = all[$0] { return false } else { return true } }
        var keep = Set<Int>()
        for index in changed {
            for near in max(0, index - context)...min(all.count - 1, index + context) { keep.insert(near) }
        }
        var result: [Line?] = []
        for index in all.indices {
            if keep.contains(index) {
                result.append(all[index])
            } else if result.last.map({ $0 != nil }) ?? true {
                result.append(nil)
            }
        }
        return result
    }

    /// The diff as text, a line wider than `width` going on under its indent behind the
    /// continuation mark (as code in pages does), its "+ " or "- " repeated.
    static func render(_ lines: [Line?], useColor: Bool, width: Int = .max) -> String {
        lines.flatMap { line -> [String] in
            switch line {
            case nil: return [useColor ? ANSI.dim + "  …" + ANSI.reset : "  ..."]
            case .same(let text)?: return fitted(text, marker: "  ", colour: nil, width: width)
            case .removed(let text)?: return fitted(text, marker: "- ", colour: useColor ? ANSI.red : nil, width: width)
            case .added(let text)?: return fitted(text, marker: "+ ", colour: useColor ? ANSI.green : nil, width: width)
            }
        }.joined(separator: "\n")
    }

    private static func fitted(_ text: String, marker: String, colour: String?, width: Int) -> [String] {
        let paint = { (line: String) in colour.map { $0 + line + ANSI.reset } ?? line }
        guard ANSI.visibleWidth(marker + text) > width else { return [paint(marker + text)] }
        let leading = String(repeating: " ", count: min(text.prefix { $0 == " " }.count, width / 3))
        return TextWrapper(width: width, firstIndent: marker, continuationIndent: marker + leading + MarkdownRenderer.continuationMark)
            .wrapLines(text).map(paint)
    }
}
