import Testing
@testable import TerminalMarkdown

/// How a table's columns are narrowed to fit: widest first, whole words before broken ones.
@Suite struct ColumnFitterTests {
    @Test func aTableThatFitsKeepsItsNaturalWidths() {
        let fitter = ColumnFitter(naturalWidths: [5, 20, 7], longestWords: [5, 8, 7])
        #expect(fitter.widths(room: 40) == [5, 20, 7])
    }

    @Test func theWidestColumnGivesWayFirst() {
        let fitter = ColumnFitter(naturalWidths: [10, 30, 60], longestWords: [5, 5, 5])
        #expect(fitter.widths(room: 70) == [10, 30, 30])
        #expect(fitter.widths(room: 50) == [10, 20, 20])
    }

    @Test func columnsOfEqualWidthShrinkTogether() {
        let fitter = ColumnFitter(naturalWidths: [40, 40], longestWords: [4, 4])
        #expect(fitter.widths(room: 61) == [30, 31])
    }

    @Test func aColumnKeepsItsLongestWordWholeWhileOthersCanShrink() {
        let fitter = ColumnFitter(naturalWidths: [20, 60], longestWords: [20, 5])
        #expect(fitter.widths(room: 40) == [20, 20])
    }

    @Test func whenWholeWordsCannotFitLongWordsAreBrokenToo() {
        let fitter = ColumnFitter(naturalWidths: [30, 30], longestWords: [30, 30])
        #expect(fitter.widths(room: 20) == [10, 10])
    }

    @Test func tooManyColumnsForTheRoomIsNoLayout() {
        let fitter = ColumnFitter(naturalWidths: Array(repeating: 10, count: 8), longestWords: Array(repeating: 10, count: 8))
        #expect(fitter.widths(room: 23) == nil)
        #expect(fitter.widths(room: 24) == Array(repeating: 3, count: 8))
    }
}
