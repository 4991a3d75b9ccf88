import Clocks
import ConcurrencyExtras
import ConcurrencyLesson
import XCTest

/// A stand-in for the server's directory: it answers from a list at once, records every
/// search it is asked for, and throws `failure` instead when one is set. A spy that can be
/// told to fail; an actor, because the model's search tasks call it.
actor DirectorySpy: FriendDirectory {
    private let names: [String]
    /// Every prefix searched for, in order.
    private(set) var searches: [String] = []
    private var failure: (any Error)?

    init(names: [String]) {
        self.names = names
    }

    /// Every search from now on throws `error`.
    func fail(with error: any Error) {
        failure = error
    }

    func friends(matching prefix: String) async throws -> [String] {
        searches.append(prefix)
        if let failure { throw failure }
        return names.filter { $0.lowercased().hasPrefix(prefix.lowercased()) }
    }
}

struct DirectoryDown: Error {}

/// Tests of `MentionSearchModel` (the one in this exercise: `exercise` says what it does).
/// Every task runs on the main serial executor, so that when `clock.advance` returns, the
/// tasks it woke have run as far as they can: the same steps in the same order, every run.
@MainActor
final class MentionSearchTests: XCTestCase {
    override func invokeTest() {
        withMainSerialExecutor {
            super.invokeTest()
        }
    }

    let names = ["Ada", "Alan", "Ann", "Anna", "Grace"]

    func testItSearchesOnlyOnceThePauseIsOver() async {
        let clock = TestClock()
        let spy = DirectorySpy(names: names)
        let model = MentionSearchModel(directory: spy, clock: clock, debounce: .milliseconds(300))

        model.queryChanged("an")

        // TODO: move the clock to 1 ms before the pause is over (`await clock.advance(by:)`):
        // no search yet. Then 1 ms more: one search, for "an", and its suggestions.
    }

    func testANewQueryCancelsTheSearchStillWaiting() async {
        // TODO: type "a", let 200 ms pass, type "an": the search for "a" never happens, the
        // one for "an" happens 300 ms after it was typed.
    }

    func testAnEmptyQueryClearsTheSuggestionsWithoutASearch() async {
        // TODO: find something first, then change the query to "": no search, no suggestions,
        // and no search left to wait for (`searchTask` is nil).
    }

    func testAFailedSearchClearsTheSuggestions() async {
        // TODO: find something first, then make the spy fail and search again.
    }
}
