import Domain

/// What `share` throws when it is called before anyone set `output`.
enum SocialPresenterError: Error, Equatable, CustomStringConvertible {
    case outputNotSet

    var description: String {
        "SocialPresenter.output was never set: assign a client before calling share"
    }
}

/// The presenter module's own logger: it prints each message on the terminal, as `[info] …`
/// or `[error] …`. It lives in this file, next to the presenter, so as the presenter's default
/// it is a Local Default.
struct ConsoleLogger: Logger {
    func info(_ message: String) {
        print(LogEntry(level: .info, message: message).description)
    }

    func error(_ message: String) {
        print(LogEntry(level: .error, message: message).description)
    }
}

/// Shares what the person typed, stamped with the time it was sent, through an output that is
/// set after the presenter has been created.
final class SocialPresenter {
    /// Where posts go. Whoever creates the presenter must set it before calling `share`.
    var output: (any SocialPostOutput)?

    /// What "now" is when a post is stamped: the real clock unless someone replaces it.
    var clock: any Clock = SystemClock()

    /// Where the presenter reports what it did. Optional: the presenter posts without it, so
    /// a default is fine, and nobody has to remember to set it. `ConsoleLogger` lives in this
    /// module, so it is a Local Default. A test replaces it with a `RecordingLogger` to read
    /// the messages back.
    var logger: any Logger = ConsoleLogger()

    /// Posts `text` through `output`.
    func share(_ text: String) throws {
        let text = stamped(text)
        logger.info("shared \"\(text)\"")
        try requireOutput().post(text)
    }

    /// Posts `text` with `image` through `output`.
    func share(_ text: String, image: Image) throws {
        let text = stamped(text)
        logger.info("shared \"\(text)\"")
        try requireOutput().post(text, image: image)
    }

    /// The output, read at the moment of the post, so that a later assignment takes effect.
    private func requireOutput() throws -> any SocialPostOutput {
        guard let output else {
            let error = SocialPresenterError.outputNotSet
            logger.error(error.description)
            throw error
        }
        return output
    }

    /// `Hello` becomes `Hello (2016-06-18 09:30 UTC)`.
    private func stamped(_ text: String) -> String {
        "\(text) (\(clock.now().utcStamp))"
    }
}
