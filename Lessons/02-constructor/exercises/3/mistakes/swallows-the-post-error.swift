import Domain
import Foundation

/// Shares what the person typed, stamped with the time it was sent.
final class SocialPresenter {
    private let output: any SocialPostOutput
    private let clock: any Clock

    init(output: any SocialPostOutput, clock: any Clock) {
        self.output = output
        self.clock = clock
    }

    /// Posts `text`, stamped with the clock's time now.
    func share(_ text: String) throws {
        try share(text, at: clock.now())
    }

    /// Posts `text` stamped with `date`: for a post written earlier and sent now, whose stamp
    /// must say when it was written.
    func share(_ text: String, at date: Date) throws {
        // The date is a value of this one call, so it comes in as an argument; the clock stays
        // in `init` because every other post needs it.
        try? output.post(stamped(text, at: date))
    }

    /// `Hello` becomes `Hello (2016-06-18 09:30 UTC)`.
    private func stamped(_ text: String, at date: Date) -> String {
        "\(text) (\(date.utcStamp))"
    }
}
