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
        status = .sending
        client.send(text) { error in
            // The compiler is happy once it is told this runs on the main actor.
            MainActor.assumeIsolated {
                if let error {
                    self.status = .failed("\(error)")
                    self.logger.error("could not share \"\(text)\": \(error)")
                } else {
                    self.status = .sent(text)
                    self.text = ""
                    self.logger.info("shared \"\(text)\"")
                }
            }
        }
    }
}
