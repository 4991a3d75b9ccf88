import Domain

/// A decorator that logs every post on its way through. A deliberately broken copy: see the
/// mutant's description in lesson.yaml.
///
/// - Before a post: `info`, `posting "Hello"` (with a picture: `posting "Look" with cat.jpg`).
/// - After it went out: `info`, `posted "Hello"`.
/// - When the wrapped output throws: `error`, `could not post "Hello": <the error>`, and then
///   the same error is thrown on, unchanged.
final class LoggingOutput: SocialPostOutput {
    private let inner: any SocialPostOutput
    private let logger: any Logger

    init(wrapping inner: any SocialPostOutput, logger: any Logger) {
        self.inner = inner
        self.logger = logger
    }

    func post(_ text: String) throws {
        try log("\"\(text)\"") { try inner.post(text) }
    }

    func post(_ text: String, image: Image) throws {
        // Bug: a failed post with a picture is logged as an error, then swallowed by `try?`.
        try? log("\"\(text)\" with \(image.name)") { try inner.post(text, image: image) }
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
