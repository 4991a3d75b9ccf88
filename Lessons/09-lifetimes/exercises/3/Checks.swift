import Domain
import LifetimesLesson
import XCTest

/// The checks' network: it records every post and sends nothing.
final class SpyNetwork: SocialPostOutput {
    private(set) var posts: [String] = []

    func post(_ text: String) {
        posts.append(text)
    }

    func post(_ text: String, image: Image) {
        posts.append("\(text) + \(image.name)")
    }
}

final class LifetimeChecks: XCTestCase {
    let network = SpyNetwork()
    let logger = RecordingLogger()

    func makeRoot() -> ShareComposition {
        ShareComposition(logger: logger, network: network)
    }

    func testEachScreenHasAPresenterOfItsOwn() {
        let root = makeRoot()
        let first = root.makeShareScreen()
        let second = root.makeShareScreen()  // while the first is still open
        XCTAssertFalse(
            first.presenter === second.presenter,
            "The second screen got the first screen's presenter, the same object (===). A presenter kept by the composition root lives as long as the root, like a singleton, and it holds the draft of the screen it was made for: a captive dependency. Build a presenter for every screen. (A presenter kept in a `weak var` is still shared as long as the first screen is open: that is Swinject's `.weak`, not transient.)"
        )
    }

    func testEachScreenHasADraftOfItsOwn() {
        let root = makeRoot()
        let first = root.makeShareScreen()
        let second = root.makeShareScreen()
        XCTAssertFalse(
            first.draft === second.draft,
            "The two screens hold the same Draft (===), so what is written on one appears on the other. A Draft lives one per screen: build a new one in makeShareScreen() for every screen"
        )
    }

    func testAScreenAndItsPresenterShareOneDraft() {
        let screen = makeRoot().makeShareScreen()
        XCTAssertTrue(
            screen.draft === screen.presenter.draft,
            "This screen and its presenter hold different drafts, so what is written on the screen never reaches the post. A Draft is scoped, one per screen: build it once in makeShareScreen() and give that same Draft to the screen and to its presenter"
        )
    }

    func testTheSecondScreenPostsWhatWasWrittenOnIt() throws {
        let root = makeRoot()
        let first = root.makeShareScreen()
        let second = root.makeShareScreen()
        first.write("Written on the first screen")
        second.write("Written on the second screen")
        try second.tapShare()
        XCTAssertEqual(
            network.posts, ["Written on the second screen"],
            "Share on the second screen should post what was written on it: its presenter must hold the second screen's draft"
        )
    }

    func testOpeningASecondScreenLeavesTheFirstAlone() {
        let root = makeRoot()
        let first = root.makeShareScreen()
        first.write("Good morning")
        _ = root.makeShareScreen()
        XCTAssertEqual(
            first.draft.text, "Good morning",
            "Opening a second screen changed what the first one shows: both hold one Draft. Clearing a shared draft for the next screen hides the captive dependency; it does not end it"
        )
    }

    func testEveryPostIsLoggedOnItsWayToTheNetwork() throws {
        let root = makeRoot()
        for text in ["Morning run", "Lunch at noon"] {
            let screen = root.makeShareScreen()
            screen.write(text)
            try screen.tapShare()
        }
        let logged = logger.messages(at: .info).filter { $0.hasPrefix("posting") || $0.hasPrefix("posted") }
        XCTAssertEqual(
            logged, ["posting \"Morning run\"", "posted \"Morning run\"", "posting \"Lunch at noon\"", "posted \"Lunch at noon\""],
            "Every post should go through the logged output (a LoggingOutput wrapping the network), not straight to the bare network"
        )
    }

    func testEveryScreenPostsThroughTheOneLoggedOutputOfTheApp() {
        let root = makeRoot()
        let outputs = (0..<3).map { _ in
            Mirror(reflecting: root.makeShareScreen().presenter).children.first { $0.label == "output" }.map { $0.value as AnyObject }
        }
        XCTAssertTrue(outputs.allSatisfy { $0 is LoggingOutput }, "Each presenter should post through a LoggingOutput wrapping the network")
        XCTAssertTrue(
            outputs.allSatisfy { $0 === outputs[0] },
            "Three screens got \(Set(outputs.map { $0.map(ObjectIdentifier.init) }).count) different logged outputs: the logged output is a singleton, built once for the whole app (a `lazy var`), not one per screen"
        )
    }

    func testEveryScreenUsesTheOneLoggerAndNetworkOfTheApp() throws {
        let root = makeRoot()
        let first = root.makeShareScreen()
        let second = root.makeShareScreen()
        try first.tapShare()
        try second.tapShare()
        XCTAssertEqual(
            network.posts.count, 2,
            "Share on each of two screens should send two posts through the network given to ShareComposition; it received \(network.posts.count). That network is a singleton, one for the whole app: a client built per screen posts somewhere else"
        )
        XCTAssertEqual(
            logger.messages(at: .info).filter { $0.hasPrefix("shared") }.count, 2,
            "Share on each of two screens should log twice to the logger given to ShareComposition. That logger is a singleton, one for the whole app: a logger built per screen writes somewhere nobody reads"
        )
    }
}
