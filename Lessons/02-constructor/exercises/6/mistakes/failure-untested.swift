import Domain
import Foundation
import XCTest

/// A mock, in Meszaros' terms: told in advance which texts it must receive, in order, it judges
/// the calls itself. It fails the test at the first post it did not expect, and `verify()`
/// fails when an expected post never came.
final class MockOutput: SocialPostOutput {
    /// The posts still to come, in order.
    private var expected: [String]
    /// How the mock fails the test: `XCTFail` in a test; the checks collect the messages instead.
    private let fail: (String) -> Void

    init(expecting expected: [String], fail: @escaping (String) -> Void = { XCTFail($0) }) {
        self.expected = expected
        self.fail = fail
    }

    func post(_ text: String) {
        receive(text)
    }

    func post(_ text: String, image: Image) {
        receive(text)
    }

    /// Fails unless every expected post has come.
    func verify() {
        if !expected.isEmpty {
            fail("MockOutput never received \(expected)")
        }
    }

    /// Ticks `text` off if it is the next expected post; fails at once if it is not.
    private func receive(_ text: String) {
        guard let next = expected.first else {
            return fail("MockOutput received \"\(text)\", but it expected no more posts")
        }
        guard text == next else {
            return fail("MockOutput received \"\(text)\", but it expected \"\(next)\"")
        }
        expected.removeFirst()
    }
}

/// A dummy: it only fills the clock parameter. `share(_:at:)` has its date and never asks it.
struct DummyClock: Clock {
    func now() -> Date { .distantPast }
}

/// A stub that answers every post with an error, as a network that is down would: a saboteur,
/// in Meszaros' terms, as in exercise 4.
struct FailingOutput: SocialPostOutput {
    struct NetworkDown: Error, Equatable {}

    func post(_ text: String) throws { throw NetworkDown() }
    func post(_ text: String, image: Image) throws { throw NetworkDown() }
}

final class ShareAtTests: XCTestCase {
    /// 2016-06-17 21:45 UTC.
    let evening = Date(timeIntervalSince1970: 1_466_199_900)

    func testSharingWithADatePostsTheTextStampedWithThatDate() throws {
        let output = MockOutput(expecting: ["Written last night (2016-06-17 21:45 UTC)"])
        let presenter = SocialPresenter(output: output, clock: DummyClock())

        try presenter.share("Written last night", at: evening)

        output.verify()
    }

    func testSharingNowPostsTheTextStampedWithTheClocksTime() throws {
        let output = MockOutput(expecting: ["Written now (2016-06-18 00:00 UTC)"])
        // A stub this time: `share(_:)` asks the clock, so it must answer.
        let presenter = SocialPresenter(output: output, clock: try FixedClock(day: "2016-06-18"))

        try presenter.share("Written now")

        output.verify()
    }

    func testAFailedPostReachesTheCaller() throws {
        // TODO: hand the presenter a FailingOutput, and check that `share(_:at:)` and
        // `share(_:)` both throw its NetworkDown error to you instead of swallowing it.
    }
}
