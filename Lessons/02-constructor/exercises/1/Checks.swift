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

final class HandTheClientInChecks: XCTestCase {
    func testThePresenterPostsThroughTheOutputItIsGiven() throws {
        let output = RecordingOutput()
        try SocialPresenter(output: output).share("Hello")
        XCTAssertEqual(output.texts.count, 1, "share(\"Hello\") should post exactly once, through the output passed to init(output:)")
        XCTAssertTrue(
            output.texts.first?.hasPrefix("Hello (") ?? false,
            "The output should receive the stamped text, like \"Hello (2016-06-18 09:30 UTC)\", but got \(output.texts)"
        )
    }

    func testPicturesReachTheGivenOutput() throws {
        let output = RecordingOutput()
        try SocialPresenter(output: output).share("Look", image: Image(named: "cat.jpg"))
        XCTAssertEqual(
            output.images, [Image(named: "cat.jpg")],
            "share(_:image:) should post once, with the picture, through the output passed to init(output:)"
        )
    }

    func testAGivenOutputMeansNothingIsPostedForReal() throws {
        let timeline = Timeline.standard
        let before = try timeline.posts().count
        try SocialPresenter(output: RecordingOutput()).share("Only a check")
        XCTAssertEqual(
            try timeline.posts().count, before,
            "With an output passed in, the presenter must not use a client of its own: nothing should reach the real timeline"
        )
    }

    func testTheCompositionRootBuildsAFacebookPresenter() throws {
        let timeline = Timeline.standard
        let before = try timeline.posts().count
        try makePresenter(for: .facebook).share("Hi")
        let sent = Array(try timeline.posts().dropFirst(before))
        XCTAssertEqual(
            sent.map(\.network), [.facebook],
            "makePresenter(for: .facebook) should give a presenter that posts once, to Facebook; it posted to \(sent.map(\.network.displayName))"
        )
    }

    func testTheCompositionRootBuildsATwitterPresenter() throws {
        let timeline = Timeline.standard
        let before = try timeline.posts().count
        try makePresenter(for: .twitter).share("Hi")
        let sent = Array(try timeline.posts().dropFirst(before))
        XCTAssertEqual(
            sent.map(\.network), [.twitter],
            "makePresenter(for: .twitter) should give a presenter that posts once, to Twitter; it posted to \(sent.map(\.network.displayName))"
        )
    }
}
