import Domain
import LifetimesLesson

/// A composite: one output that posts to several, so that the presenter posts to every network
/// at once while it believes it talks to one output.
final class BroadcastOutput: SocialPostOutput {
    private let outputs: [any SocialPostOutput]

    init(_ outputs: [any SocialPostOutput]) {
        self.outputs = outputs
    }

    func post(_ text: String) throws {
        try toEach { try $0.post(text) }
    }

    func post(_ text: String, image: Image) throws {
        try toEach { try $0.post(text, image: image) }
    }

    /// Sends to every output, even after one has failed, then throws the failures, if any.
    private func toEach(_ send: (any SocialPostOutput) throws -> Void) throws {
        var errors: [any Error] = []
        for output in outputs {
            do {
                try send(output)
            } catch {
                errors.append(error)
            }
        }
        throw BroadcastFailure(errors: errors, outputCount: outputs.count)
    }
}
