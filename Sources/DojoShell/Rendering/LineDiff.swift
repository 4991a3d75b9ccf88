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

    static func render(_ lines: [Line?], useColor: Bool) -> String {
        lines.map { line -> String in
            switch line {
            case nil: return useColor ? ANSI.dim + "  …" + ANSI.reset : "  ..."
            case .same(let text)?: return "  " + text
            case .removed(let text)?: return useColor ? ANSI.red + "- " + text + ANSI.reset : "- " + text
            case .added(let text)?: return useColor ? ANSI.green + "+ " + text + ANSI.reset : "+ " + text
            }
        }.joined(separator: "\n")
    }
}
