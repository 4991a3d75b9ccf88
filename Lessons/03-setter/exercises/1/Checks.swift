import XCTest
import Domain

/// A client written for these checks: it sends nothing and only remembers the texts.
final class SpyOutput: SocialPostOutput {
    private(set) var texts: [String] = []

    func post(_ text: String) {
        texts.append(text)
    }

    func post(_ text: String, image: Image) {
        texts.append(text)
    }
}

final class MakeItLoudChecks: XCTestCase {
    func testSharingWithoutAnOutputThrows() {
        let presenter = SocialPresenter()
        XCTAssertThrowsError(try presenter.share("Hello"), "share(_:) before output was set should throw, not return as if the post was sent") { error in
            XCTAssertEqual(error as? SocialPresenterError, .outputNotSet, "share(_:) should throw SocialPresenterError.outputNotSet, not \(error)")
        }
    }

    func testSharingAPictureWithoutAnOutputThrows() {
        let presenter = SocialPresenter()
        XCTAssertThrowsError(
            try presenter.share("Look", image: Image(named: "cat.jpg")),
            "share(_:image:) before output was set should throw too"
        ) { error in
            XCTAssertEqual(error as? SocialPresenterError, .outputNotSet, "share(_:image:) should throw SocialPresenterError.outputNotSet, not \(error)")
        }
    }

    func testOnceAnOutputIsSetEveryPostReachesIt() throws {
        let presenter = SocialPresenter()
        let spy = SpyOutput()
        presenter.output = spy
        presenter.clock = try FixedClock(day: "2016-06-18")
        try presenter.share("Hello")
        try presenter.share("Look", image: Image(named: "cat.jpg"))
        XCTAssertEqual(
            spy.texts, ["Hello (2016-06-18 00:00 UTC)", "Look (2016-06-18 00:00 UTC)"],
            "With output set, share(_:) and then share(_:image:) should each post exactly once through it, but \(spy.texts.count) posts arrived: \(spy.texts)"
        )
    }

    func testANewPresenterHasNoOutputUntilOneIsAssigned() {
        let output = SocialPresenter().output
        XCTAssertNil(
            output,
            "A new SocialPresenter() already has an output, a \(output.map { "\(type(of: $0))" } ?? "client"). A default such as TwitterClient() drags a concrete network into the presenter and silently decides for every caller: leave `output` nil until someone assigns it, and throw when it is missing."
        )
    }

    func testALaterAssignmentTakesEffect() throws {
        let presenter = SocialPresenter()
        let first = SpyOutput()
        let second = SpyOutput()
        presenter.output = first
        try presenter.share("One")
        presenter.output = second
        try presenter.share("Two")
        XCTAssertEqual(
            [first.texts.count, second.texts.count], [1, 1],
            "After output is set to another client, the next post should go to the new one: read `output` at every post"
        )
    }
}
