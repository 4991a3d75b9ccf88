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
        // TODO: a failing output must not stop the others. Post to every output; keep the
        // error of each one that fails, and afterwards, if there are any, throw them all, in
        // the order of the outputs: `throw BroadcastFailure(errors: errors, outputCount: outputs.count)`.
        for output in outputs {
            try output.post(text)
        }
    }

    func post(_ text: String, image: Image) throws {
        // TODO: the same for a post with a picture.
        for output in outputs {
            try output.post(text, image: image)
        }
    }
}
