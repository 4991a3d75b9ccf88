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
        let spy = DirectorySpy(names: names)
        let model = MentionSearchModel(directory: spy, clock: ImmediateClock(), debounce: .milliseconds(300))

        model.queryChanged("an")
        await model.searchTask?.value

        let searches = await spy.searches
        XCTAssertEqual(searches, ["an"], "one search once the pause is over")
        XCTAssertEqual(model.suggestions, ["Ann", "Anna"])
    }

    func testANewQueryCancelsTheSearchStillWaiting() async {
        let spy = DirectorySpy(names: names)
        let model = MentionSearchModel(directory: spy, clock: ImmediateClock(), debounce: .milliseconds(300))

        model.queryChanged("a")
        model.queryChanged("an")
        await model.searchTask?.value

        let searches = await spy.searches
        XCTAssertEqual(searches, ["an"])
        XCTAssertEqual(model.suggestions, ["Ann", "Anna"])
    }

    func testAnEmptyQueryClearsTheSuggestionsWithoutASearch() async {
        let spy = DirectorySpy(names: names)
        let model = MentionSearchModel(directory: spy, clock: ImmediateClock(), debounce: .milliseconds(300))
        model.queryChanged("al")
        await model.searchTask?.value
        XCTAssertEqual(model.suggestions, ["Alan"])

        model.queryChanged("")
        await model.searchTask?.value

        let searches = await spy.searches
        XCTAssertEqual(searches, ["al"], "an empty query is not searched")
        XCTAssertEqual(model.suggestions, [])
        XCTAssertNil(model.searchTask, "an empty query leaves no search to wait for")
    }

    func testAFailedSearchClearsTheSuggestions() async {
        let spy = DirectorySpy(names: names)
        let model = MentionSearchModel(directory: spy, clock: ImmediateClock(), debounce: .milliseconds(300))
        model.queryChanged("gr")
        await model.searchTask?.value
        XCTAssertEqual(model.suggestions, ["Grace"])

        await spy.fail(with: DirectoryDown())
        model.queryChanged("gra")
        await model.searchTask?.value

        XCTAssertEqual(model.suggestions, [], "a failed search clears the suggestions")
    }
}
