import Domain
import Foundation

/// Shares what the person typed, stamped with the time it was sent or written.
/// A deliberately broken copy: see the mutant's description in lesson.yaml.
final class SocialPresenter {
    private let output: any SocialPostOutput
    private let clock: any Clock

    init(output: any SocialPostOutput, clock: any Clock) {
        self.output = output
        self.clock = clock
    }

    /// Posts `text`, stamped with the clock's time now.
    func share(_ text: String) throws {
        // Bug: `try?` swallows the error of share(_:at:): the caller thinks the post went out.
        try? share(text, at: clock.now())
    }

    /// Posts `text` stamped with `date`, without asking the clock.
    func share(_ text: String, at date: Date) throws {
        try output.post(stamped(text, at: date))
    }

    /// `Hello` becomes `Hello (2016-06-18 09:30 UTC)`.
    private func stamped(_ text: String, at date: Date) -> String {
        "\(text) (\(date.utcStamp))"
    }
}
