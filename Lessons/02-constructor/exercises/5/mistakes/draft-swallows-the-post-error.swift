import Domain
import Foundation

/// A post written earlier, to be sent later. A draft is data: it is kept in a list or on disk,
/// so it holds its text and when it was written, and no service.
struct Draft {
    let text: String
    let writtenAt: Date

    /// Posts the text, stamped with when it was written, through `output`.
    ///
    /// Method injection: the output is a service, handed in for this one call by whoever sends
    /// the draft. The draft keeps nothing of it.
    func send(through output: any SocialPostOutput) throws {
        try? output.post(stamped(text, at: writtenAt))
    }
}

/// Shares what the person typed, stamped with the time, and sends drafts written earlier.
final class SocialPresenter {
    private let output: any SocialPostOutput
    private let clock: any Clock

    init(output: any SocialPostOutput, clock: any Clock) {
        self.output = output
        self.clock = clock
    }

    /// Posts `text`, stamped with the clock's time now.
    func share(_ text: String) throws {
        try output.post(stamped(text, at: clock.now()))
    }

    /// Sends each draft once, through the output this presenter received in `init`.
    func sendDrafts(_ drafts: [Draft]) throws {
        for draft in drafts {
            // The presenter already has an output; it hands it to the draft for this call.
            try draft.send(through: output)
        }
    }
}

/// `Hello` becomes `Hello (2016-06-18 09:30 UTC)`.
func stamped(_ text: String, at date: Date) -> String {
    "\(text) (\(date.utcStamp))"
}
