import Observation

/// The model of a share screen: the text being written, and where the share stands.
///
/// `@MainActor`: a view reads and writes it, on the main thread. The output is injected,
/// `Sendable` and `async`: `share()` awaits it, so the model never blocks the main thread
/// while the post goes out, and never touches its own state from another thread.
@MainActor
@Observable
public final class ShareModel {
    public var text = ""
    public private(set) var status = ShareStatus.editing

    @ObservationIgnored private let output: any AsyncPostOutput

    public init(output: any AsyncPostOutput) {
        self.output = output
    }

    /// Sends `text` through the output; the status says how it went.
    public func share() async {
        let text = self.text
        status = .sending
        do {
            try await output.post(text)
            status = .sent(text)
            self.text = ""
        } catch {
            status = .failed("\(error)")
        }
    }
}
