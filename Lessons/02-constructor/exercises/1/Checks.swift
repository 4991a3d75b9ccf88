import XCTest
import Domain

/// A client written for these checks: it sends nothing and only remembers what it was asked.
final class RecordingOutput: SocialPostOutput {
    private(set) var texts: [String] = []
    private(set) var images: [Image?] = []

    func post(_ text: String) {
        texts.append(text)
        images.append(nil)
    }

    func post(_ text: String, image: Image) {
        texts.append(text)
        images.append(image)
    }
}

/// An output only these checks can make: finding it in a presenter proves the presenter was
/// built by the initializer below, not by one of the learner's.
struct ProbeOutput: SocialPostOutput {
    func post(_ text: String) {}
    func post(_ text: String, image: Image) {}
}

extension SocialPresenter {
    /// Lets `SocialPresenter()` compile whether or not the learner's presenter can be made
    /// without an output. Swift prefers a non-generic initializer to this generic one, so this
    /// one is chosen only when the learner's `SocialPresenter` has no initializer callable with
    /// no arguments (no default value for `output`, no extra `init()`), which is what the task
    /// asks for.
    convenience init<Marker: Sequence>(checksProbe marker: Marker = [()]) {
        self.init(output: ProbeOutput())
    }
}

/// An output whose network is down: every post fails.
struct DownOutput: SocialPostOutput {
    struct NetworkDown: Error {}
    func post(_ text: String) throws { throw NetworkDown() }
    func post(_ text: String, image: Image) throws { throw NetworkDown() }
}

final class HandTheClientInChecks: XCTestCase {
    func testAFailedPostReachesTheCaller() {
        let presenter = SocialPresenter(output: DownOutput())
        XCTAssertThrowsError(try presenter.share("Hello"), "When the network fails, share(_:) should throw its error to the caller, not swallow it (no `try?`, no empty `catch`)") { error in
            XCTAssertTrue(error is DownOutput.NetworkDown, "share(_:) should throw the output's own error; it threw \(error)")
        }
        XCTAssertThrowsError(try presenter.share("Look", image: Image(named: "cat.jpg")), "When the network fails, share(_:image:) should throw its error to the caller, not swallow it (no `try?`, no empty `catch`)") { error in
            XCTAssertTrue(error is DownOutput.NetworkDown, "share(_:image:) should throw the output's own error; it threw \(error)")
        }
    }

    /// The stored properties of `presenter`, as `name: value`.
    private func storedProperties(of presenter: SocialPresenter) -> [(name: String, value: Any)] {
        Mirror(reflecting: presenter).children.map { (name: $0.label ?? "?", value: $0.value) }
    }

    /// What to tell the learner when `call` reached the given output `count` times instead of once.
    private func postedThroughGivenOutput(_ call: String, count: Int) -> String {
        if count == 0 {
            return "\(call) posted nothing through the output passed to init(output:). Keep the output you receive and post through it, not through a client the presenter builds itself (in a stored property, a `lazy var` or inside `share`)."
        }
        return "\(call) should post exactly once through the output passed to init(output:), but it posted \(count) times"
    }

    func testThePresenterCannotBeMadeWithoutChoosingAnOutput() {
        let presenter = SocialPresenter()
        let outputs = storedProperties(of: presenter).filter { $0.value is any SocialPostOutput }
        XCTAssertTrue(
            outputs.contains { $0.value is ProbeOutput },
            "SocialPresenter() still compiles and makes a presenter whose output is a \(outputs.first.map { "\(type(of: $0.value))" } ?? "client") it chose itself. Remove the default value of `output` (or the extra `init()`), so that whoever creates the presenter has to choose; only makePresenter(for:) should name TwitterClient."
        )
    }

    func testTheOutputIsNotOptional() {
        let presenter: SocialPresenter = SocialPresenter(output: RecordingOutput())
        let optionals: [String] = storedProperties(of: presenter)
            .filter { Mirror(reflecting: $0.value).displayStyle == .optional }
            .map { $0.name }
        XCTAssertEqual(
            optionals, [],
            "SocialPresenter stores \(optionals.map { "`\($0)`" }.joined(separator: ", ")) as an optional. With constructor injection the output arrives in init, so it can never be missing: declare it `private let output: any SocialPostOutput` and post with `output.post(…)`, no `?.`"
        )
    }

    func testThePresenterPostsThroughTheOutputItIsGiven() throws {
        let output = RecordingOutput()
        try SocialPresenter(output: output).share("Hello")
        XCTAssertEqual(output.texts.count, 1, postedThroughGivenOutput("share(\"Hello\")", count: output.texts.count))
        XCTAssertTrue(
            output.texts.first?.hasPrefix("Hello (") ?? false,
            "The output should receive the stamped text, like \"Hello (2016-06-18 09:30 UTC)\", but got \(output.texts)"
        )
    }

    func testPicturesReachTheGivenOutput() throws {
        let output = RecordingOutput()
        try SocialPresenter(output: output).share("Look", image: Image(named: "cat.jpg"))
        XCTAssertEqual(output.images.count, 1, postedThroughGivenOutput("share(_:image:)", count: output.images.count))
        XCTAssertEqual(
            output.images.first, Image(named: "cat.jpg"),
            "share(_:image:) should pass the picture to the output passed to init(output:), but the output received no picture"
        )
    }

    func testAGivenOutputMeansNothingIsPostedForReal() throws {
        let timeline = Timeline.standard
        let before = try timeline.posts().count
        let presenter = SocialPresenter(output: RecordingOutput())
        try presenter.share("Only a check")
        try presenter.share("Only a check", image: Image(named: "cat.jpg"))
        XCTAssertEqual(
            try timeline.posts().count, before,
            "With an output passed in, the presenter must not use a client of its own: nothing should reach the real timeline"
        )
    }

    /// The networks a presenter from `makePresenter(for: network)` posted to, when asked to share once.
    private func networksPostedTo(by network: SocialNetwork) throws -> [SocialNetwork] {
        let timeline = Timeline.standard
        let before = try timeline.posts().count
        try makePresenter(for: network).share("Hi")
        return Array(try timeline.posts().dropFirst(before)).map(\.network)
    }

    /// `Twitter, Facebook`, or `nowhere`.
    private func names(_ networks: [SocialNetwork]) -> String {
        networks.isEmpty ? "nowhere" : networks.map(\.displayName).joined(separator: ", ")
    }

    func testTheCompositionRootBuildsAFacebookPresenter() throws {
        let sent = try networksPostedTo(by: .facebook)
        XCTAssertEqual(
            sent, [.facebook],
            "makePresenter(for: .facebook) should give a presenter that posts once, to Facebook, but it posted to \(names(sent))"
        )
    }

    func testTheCompositionRootBuildsATwitterPresenter() throws {
        let sent = try networksPostedTo(by: .twitter)
        XCTAssertEqual(
            sent, [.twitter],
            "makePresenter(for: .twitter) should give a presenter that posts once, to Twitter, but it posted to \(names(sent))"
        )
    }
}
