import Domain

/// A decorator that logs every post on its way through: before it goes, and whether it went.
///
/// It is a `SocialPostOutput` wrapping another one, so neither the presenter in front of it nor
/// the client behind it knows it is there. A failure is logged and then thrown on unchanged:
/// logging is something added on the way, not a reason to change what the caller sees.
public final class LoggingOutput: SocialPostOutput {
    private let inner: any SocialPostOutput
    private let logger: any Logger

    public init(wrapping inner: any SocialPostOutput, logger: any Logger) {
        self.inner = inner
        self.logger = logger
    }

    public func post(_ text: String) throws {
        try log("\"\(text)\"") { try inner.post(text) }
    }

    public func post(_ text: String, image: Image) throws {
        try log("\"\(text)\" with \(image.name)") { try inner.post(text, image: image) }
    }

    private func log(_ what: String, _ send: () throws -> Void) throws {
        logger.info("posting \(what)")
        do {
            try send()
        } catch {
            logger.error("could not post \(what): \(error)")
            throw error
        }
        logger.info("posted \(what)")
    }
}
