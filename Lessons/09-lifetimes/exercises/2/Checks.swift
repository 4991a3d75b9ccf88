import Domain
import LifetimesLesson
import XCTest

/// Where the checks' outputs write what they received, in the order it arrived.
final class Journal {
    var entries: [String] = []
}

/// An output named for the checks: it writes every post it gets into the journal, and throws
/// `Down` when told to fail (after writing nothing).
final class JournalOutput: SocialPostOutput {
    struct Down: Error, CustomStringConvertible {
        let name: String
        var description: String { "\(name) is down" }
    }

    private let name: String
    private let fails: Bool
    private let journal: Journal

    init(_ name: String, fails: Bool = false, journal: Journal) {
        self.name = name
        self.fails = fails
        self.journal = journal
    }

    func post(_ text: String) throws {
        if fails { throw Down(name: name) }
        journal.entries.append("\(name): \(text)")
    }

    func post(_ text: String, image: Image) throws {
        if fails { throw Down(name: name) }
        journal.entries.append("\(name): \(text) + \(image.name)")
    }
}

final class BroadcastChecks: XCTestCase {
    func testEveryOutputGetsThePostOnce() throws {
        let journal = Journal()
        let broadcast = BroadcastOutput(["A", "B", "C"].map { JournalOutput($0, journal: journal) })
        XCTAssertNoThrow(try broadcast.post("Hello"), "No output failed, so post should not throw")
        XCTAssertEqual(journal.entries, ["A: Hello", "B: Hello", "C: Hello"], "Each output should get the post exactly once, in the order they were given")
    }

    func testAFailingOutputDoesNotStopTheOthers() {
        let journal = Journal()
        let broadcast = BroadcastOutput([
            JournalOutput("A", journal: journal), JournalOutput("B", fails: true, journal: journal), JournalOutput("C", journal: journal),
        ])
        _ = try? broadcast.post("Hello")
        XCTAssertEqual(
            journal.entries, ["A: Hello", "C: Hello"],
            "B failed, and then C should still get the post: one failing output must not stop the others. Catch each output's error, keep it, and go on (lesson 2's sketch, `for output in outputs { try output.post(text) }`, stops at the first failure)"
        )
    }

    func testEveryFailureIsThrownInTheOrderOfTheOutputs() {
        let journal = Journal()
        let broadcast = BroadcastOutput([
            JournalOutput("A", fails: true, journal: journal), JournalOutput("B", journal: journal), JournalOutput("C", fails: true, journal: journal),
        ])
        XCTAssertThrowsError(try broadcast.post("Hello"), "A and C failed, yet post returned as if every post went out: the failures were swallowed. Throw them all, as a BroadcastFailure") { error in
            guard let failure = error as? BroadcastFailure else {
                return XCTFail("post should throw a BroadcastFailure holding every error, in the order of the outputs; it threw only: \(error)")
            }
            XCTAssertEqual(failure.errors.map { "\($0)" }, ["A is down", "C is down"], "The BroadcastFailure should hold every error, in the order of the outputs")
            XCTAssertEqual(failure.outputCount, 3, "A BroadcastFailure's outputCount is how many outputs were tried in all (3 here), not how many failed; it says \(failure.outputCount)")
        }
        XCTAssertEqual(journal.entries, ["B: Hello"], "B, between two failing outputs, should get the post once")
    }

    func testWhenNoOutputFailsNothingIsThrown() {
        let journal = Journal()
        let broadcast = BroadcastOutput([JournalOutput("A", journal: journal), JournalOutput("B", journal: journal)])
        XCTAssertNoThrow(try broadcast.post("Hello"), "No output failed, so post should not throw")
        XCTAssertNoThrow(try broadcast.post("Look", image: Image(named: "cat.jpg")), "No output failed, so post(_:image:) should not throw")
    }

    func testPicturesGoToEveryOutputEvenAfterAFailure() {
        let journal = Journal()
        let broadcast = BroadcastOutput([
            JournalOutput("A", journal: journal), JournalOutput("B", fails: true, journal: journal), JournalOutput("C", journal: journal),
        ])
        XCTAssertThrowsError(try broadcast.post("Look", image: Image(named: "cat.jpg")), "B failed, so post(_:image:) should throw") { error in
            XCTAssertEqual((error as? BroadcastFailure)?.errors.map { "\($0)" }, ["B is down"], "post(_:image:) should throw a BroadcastFailure holding B's error; it threw: \(error)")
        }
        XCTAssertEqual(
            journal.entries, ["A: Look + cat.jpg", "C: Look + cat.jpg"],
            "post(_:image:) should send the text with its picture to every output, and one failing output must not stop the others"
        )
    }
}
