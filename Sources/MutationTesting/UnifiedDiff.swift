/// A unified diff of two texts that differ in one region, as a mutant does: the lines they
/// share at the start and the end are context, the rest is one hunk.
package enum UnifiedDiff {
    /// Lines of context around the change, as `diff -u` gives.
    static let contextLines = 2

    package static func text(from original: String, to changed: String, fileName: String) -> String {
        let old = lines(of: original)
        let new = lines(of: changed)
        var prefix = 0
        while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < old.count - prefix, suffix < new.count - prefix,
              old[old.count - 1 - suffix] == new[new.count - 1 - suffix] { suffix += 1 }
        guard prefix < old.count || prefix < new.count, old != new else { return "" }
        let start = max(0, prefix - contextLines)
        let oldEnd = min(old.count, old.count - suffix + contextLines)
        let newEnd = min(new.count, new.count - suffix + contextLines)
        var out = ["--- a/\(fileName)", "+++ b/\(fileName)"]
        out.append("@@ -\(range(start, oldEnd)) +\(range(start, newEnd)) @@")
        out += old[start..<prefix].map { " " + $0 }
        out += old[prefix..<(old.count - suffix)].map { "-" + $0 }
        out += new[prefix..<(new.count - suffix)].map { "+" + $0 }
        out += old[(old.count - suffix)..<oldEnd].map { " " + $0 }
        return out.joined(separator: "\n") + "\n"
    }

    /// `diff -u`'s "start,count" of a hunk (start 1-based; for no lines, the line before).
    private static func range(_ start: Int, _ end: Int) -> String {
        let count = end - start
        return count == 0 ? "\(start),0" : "\(start + 1),\(count)"
    }

    private static func lines(of text: String) -> [String] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }
}
