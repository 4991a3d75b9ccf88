/// Finds the known word closest to a mistyped one ("chek" → "check").
public enum ClosestMatch {
    /// The candidate with the smallest edit distance, if it is close enough to be a likely
    /// typo (at most a third of the word's length, and at least 1 edit allowed), or the only
    /// candidate the word is a prefix of.
    public static func find(_ word: String, among candidates: [String]) -> String? {
        let prefixed = candidates.filter { $0.hasPrefix(word) }
        if !word.isEmpty, prefixed.count == 1 { return prefixed[0] }
        let scored = candidates.map { ($0, distance(word, $0)) }.sorted { $0.1 < $1.1 }
        guard let best = scored.first else { return nil }
        let allowed = max(1, word.count / 3)
        return best.1 <= allowed ? best.0 : nil
    }

    /// Levenshtein distance.
    public static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
            }
            previous = current
        }
        return previous[b.count]
    }
}
