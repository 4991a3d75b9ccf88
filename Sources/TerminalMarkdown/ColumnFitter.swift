/// Chooses the widths of a table's columns so that the table fits the room it is given.
///
/// Every column starts at its natural width (its widest line). When the total is too wide,
/// the widest column gives up one column at a time, so narrow columns keep their words on
/// one line and a long column of prose takes the wrapping. A column is first kept no narrower
/// than its longest word, so words are wrapped whole; only when that cannot fit either are
/// columns narrowed further and long words broken (visibly, across lines, never cut off).
struct ColumnFitter: Sendable {
    /// Below this a column is a stack of letter fragments; the table is then shown another way.
    static let narrowestColumn = 3

    /// The widest line of each column, in terminal columns.
    var naturalWidths: [Int]
    /// The widest single word of each column, in terminal columns.
    var longestWords: [Int]

    /// Widths whose total is at most `room`, or nil when even `narrowestColumn` each does not fit.
    func widths(room: Int) -> [Int]? {
        let narrowest = naturalWidths.map { min($0, Self.narrowestColumn) }
        guard narrowest.reduce(0, +) <= room else { return nil }
        var widths = naturalWidths
        var total = widths.reduce(0, +)
        guard total > room else { return widths }
        // Whole words first; then, if that is still too wide, any width down to the narrowest.
        let wholeWords = zip(naturalWidths, longestWords).map { natural, word in
            min(natural, max(word, Self.narrowestColumn))
        }
        for floors in [wholeWords, narrowest] {
            shrinkWidest(&widths, total: &total, room: room, floors: floors)
            if total <= room { break }
        }
        return widths
    }

    /// Narrows the widest column still above its floor, again and again, until the total fits.
    ///
    /// Each step takes the widest column down to the next widest one that can still shrink (or
    /// to its floor, or just enough to fit), so columns of equal width end up shrinking together.
    private func shrinkWidest(_ widths: inout [Int], total: inout Int, room: Int, floors: [Int]) {
        while total > room {
            let shrinkable = widths.indices.filter { widths[$0] > floors[$0] }
            guard let widest = shrinkable.max(by: { widths[$0] < widths[$1] }) else { return }
            let runnerUp = shrinkable.filter { $0 != widest }.map { widths[$0] }.max() ?? 0
            let target = max(floors[widest], runnerUp, widths[widest] - (total - room))
            let step = max(1, widths[widest] - target)
            widths[widest] -= step
            total -= step
        }
    }
}
