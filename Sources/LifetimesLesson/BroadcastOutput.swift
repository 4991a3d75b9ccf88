import Domain

/// A composite: one output that posts to several, so that a presenter posts to Twitter and
/// Facebook at once while believing it talks to one output.
///
/// A failure of one output does not stop the others: every output is tried, and only then are
/// the failures thrown, all of them, as one `BroadcastFailure`.
public final class BroadcastOutput: SocialPostOutput {
    private let outputs: [any SocialPostOutput]

    public init(_ outputs: [any SocialPostOutput]) {
        self.outputs = outputs
    }

    public func post(_ text: String) throws {
        try toEach { try $0.post(text) }
    }

    public func post(_ text: String, image: Image) throws {
        try toEach { try $0.post(text, image: image) }
    }

    private func toEach(_ send: (any SocialPostOutput) throws -> Void) throws {
        var errors: [any Error] = []
        for output in outputs {
            do {
                try send(output)
            } catch {
                errors.append(error)
            }
        }
        if !errors.isEmpty {
            throw BroadcastFailure(errors: errors, outputCount: outputs.count)
        }
    }
}
