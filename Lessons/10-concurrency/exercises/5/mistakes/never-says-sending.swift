import ConcurrencyLesson
import Domain
import Observation

/// The share screen's model, on the main actor. `share()` sends `text` through the callback
/// client, and returns once the client has answered: the status is then `.sent(text)` and
/// the text empty, or `.failed("<the error>")` with the text kept. It logs each outcome
/// through the logger, which is not `Sendable`: only the main actor may use it.
@MainActor
@Observable
final class ComposeModel {
    var text = ""
    private(set) var status = ShareStatus.editing

    @ObservationIgnored private let client: any CallbackShareClient
    @ObservationIgnored private let logger: any Logger

    init(client: any CallbackShareClient, logger: any Logger) {
        self.client = client
        self.logger = logger
    }

    func share() async {
        let text = self.text
        do {
            try await send(text)
            status = .sent(text)
            self.text = ""
            logger.info("shared \"\(text)\"")
        } catch {
            status = .failed("\(error)")
            logger.error("could not share \"\(text)\": \(error)")
        }
    }

    /// The callback client, awaited: the continuation is resumed exactly once, on the
    /// client's thread; the code after `await` runs on the main actor again.
    private func send(_ text: String) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            client.send(text) { error in
                if let error {
                    continuation.resume(throwing: error)
                } else {
                    continuation.resume()
                }
            }
        }
    }
}
