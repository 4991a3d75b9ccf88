/// Finds the known word closest to a mistyped one ("chek" → "check").
package enum ClosestMatch {
    /// The candidate with the smallest edit distance, if it is close enough to be a likely
    /// typo (at most a third of the word's length, and at least 1 edit allowed), or the only
    /// candidate the word is a prefix of.
    package static func find(_ word: String, among candidates: [String]) -> String? {
        let prefixed = candidates.filter { $0.hasPrefix(word) }
        if !word.isEmpty, prefixed.count == 1 { return prefixed[0] }
        let scored = candidates.map { ($0, distance(word, $0)) }.sorted { $0.1 < $1.1 }
        guard let best = scored.first else { return nil }
        let allowed = max(1, word.count / 3)
        return best.1 <= allowed ? best.0 : nil
    }

    /// Edit distance in which swapping two neighbouring letters ("chekc") counts as one edit,
    /// the commonest typo of all (optimal string alignment distance).
    package static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var table = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }
}
