import ConcurrencyLesson
import Domain
import Foundation
import XCTest

/// The thread the clients below answer on, one answer at a time, as an SDK's own delegate
/// queue does. One at a time also keeps a crash single: a completion handler that traps off
/// the main actor (`MainActor.assumeIsolated`) stops the program at its first answer. With a
/// thread per answer, a busy machine ran two such handlers at once, the second trapped while
/// the first crash was being reported, and the report lost the learner's line.
let clientAnswers = DispatchQueue(label: "didojo.checks.client-answers")

/// A callback client as SDKs have them: it answers on a thread of its own, a moment later,
/// with `failure` or `nil`, and writes down what it was asked to send.
final class BackgroundClient: CallbackShareClient, @unchecked Sendable {
    struct Down: Error, CustomStringConvertible {
        let code: Int
        var description: String { "the network is down (\(code))" }
    }

    // Every access holds `lock`: the client is called on the main actor and answers elsewhere.
    private let lock = NSLock()
    private var sentTexts: [String] = []
    private let failure: Down?

    init(failure: Down? = nil) {
        self.failure = failure
    }

    var sent: [String] {
        lock.withLock { sentTexts }
    }

    func send(_ text: String, completion: @escaping @Sendable ((any Error)?) -> Void) {
        lock.withLock { sentTexts.append(text) }
        let failure = self.failure
        clientAnswers.asyncAfter(deadline: .now() + .milliseconds(10)) {
            completion(failure)
        }
    }
}

/// A callback client that holds its answer until the check gives it, from a thread of its own.
final class HeldClient: CallbackShareClient, @unchecked Sendable {
    // Every access holds `lock`: the client is called on the main actor and answers elsewhere.
    private let lock = NSLock()
    private var sentTexts: [String] = []
    private var completions: [@Sendable ((any Error)?) -> Void] = []

    var sent: [String] {
        lock.withLock { sentTexts }
    }

    func send(_ text: String, completion: @escaping @Sendable ((any Error)?) -> Void) {
        lock.withLock {
            sentTexts.append(text)
            completions.append(completion)
        }
    }

    /// Answers every send still waiting: success, from the clients' thread.
    func answer() {
        let waiting = lock.withLock {
            defer { completions = [] }
            return completions
        }
        clientAnswers.async {
            for completion in waiting { completion(nil) }
        }
    }
}

/// A logger that writes down every entry, and every call made off the main thread.
final class ThreadCheckingLogger: Logger, @unchecked Sendable {
    private let lock = NSLock()
    private var kept: [LogEntry] = []
    private var offMain = 0

    var entries: [LogEntry] { lock.withLock { kept } }
    var callsOffTheMainThread: Int { lock.withLock { offMain } }

    func info(_ message: String) { keep(LogEntry(level: .info, message: message)) }
    func error(_ message: String) { keep(LogEntry(level: .error, message: message)) }

    private func keep(_ entry: LogEntry) {
        let onMain = Thread.isMainThread
        lock.withLock {
            kept.append(entry)
            if !onMain { offMain += 1 }
        }
    }
}

@MainActor
final class ComposeModelChecks: XCTestCase {
    let text = "\(["Lunch", "Sunset", "Kites", "Snow", "Figs"].randomElement()!) #\(Int.random(in: 100...999))"

    func testAShareSendsTheTextAndReturnsOnceTheClientHasAnswered() async {
        let client = BackgroundClient()
        let logger = ThreadCheckingLogger()
        let model = ComposeModel(client: client, logger: logger)
        model.text = text

        await model.share()

        XCTAssertEqual(client.sent, [text], "share() should send the text through the client, once")
        XCTAssertEqual(model.status, .sent(text), "When share() returned, the client had not answered yet (status \(model.status)): share() returned before the answer. Await the client (withCheckedThrowingContinuation) instead of leaving the work to a callback or a Task nobody waits for.")
        XCTAssertEqual(model.text, "", "After a share that went out, the text should be empty")
    }

    func testWhileTheClientHasNotAnsweredTheStatusIsSending() async {
        let client = HeldClient()
        let model = ComposeModel(client: client, logger: ThreadCheckingLogger())
        model.text = text
        let sharing = Task { await model.share() }
        for _ in 0..<200 where client.sent.isEmpty {
            try? await Task.sleep(for: .milliseconds(5))
        }
        let statusWhileWaiting = model.status
        client.answer()
        await sharing.value

        XCTAssertEqual(client.sent, [text], "share() should send the text through the client, once")
        XCTAssertEqual(statusWhileWaiting, .sending, "While the client had not answered yet, the status should be .sending (the screen shows it and greys out Share); it was \(statusWhileWaiting). Set `status = .sending` before you await the client.")
        XCTAssertEqual(model.status, .sent(text), "Once the client answered, the status should be .sent(text)")
    }

    func testAFailedShareSaysWhyAndKeepsTheText() async {
        let failure = BackgroundClient.Down(code: Int.random(in: 400...599))
        let model = ComposeModel(client: BackgroundClient(failure: failure), logger: ThreadCheckingLogger())
        model.text = text

        await model.share()

        XCTAssertEqual(model.status, .failed("\(failure)"), "After the client failed, the status should be failed with its error")
        XCTAssertEqual(model.text, text, "After a failed share, the text should be kept, so it can be sent again")
    }

    func testEachOutcomeIsLoggedOnTheMainThread() async {
        let failure = BackgroundClient.Down(code: Int.random(in: 400...599))
        let logger = ThreadCheckingLogger()
        let sent = ComposeModel(client: BackgroundClient(), logger: logger)
        sent.text = text
        await sent.share()
        let failed = ComposeModel(client: BackgroundClient(failure: failure), logger: logger)
        failed.text = text
        await failed.share()
        // A logger called from a callback or a task of its own may still be on its way.
        for _ in 0..<100 where logger.entries.count < 2 {
            try? await Task.sleep(for: .milliseconds(10))
        }

        XCTAssertEqual(logger.entries, [
            LogEntry(level: .info, message: "shared \"\(text)\""),
            LogEntry(level: .error, message: "could not share \"\(text)\": \(failure)"),
        ], "Each share should log its outcome once: info for a share that went out, error with the reason for one that failed")
        XCTAssertEqual(logger.callsOffTheMainThread, 0, "The logger was called off the main thread, from the client's. It is not Sendable: only the main actor may use it. An `@unchecked Sendable` box, or `nonisolated(unsafe)`, only hides that from the compiler; log after the `await`, on the main actor.")
    }
}
