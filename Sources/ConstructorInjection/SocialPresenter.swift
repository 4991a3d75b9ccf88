import Domain
import Foundation

/// Shares what the person typed, stamped with the time it was sent, through the output it was
/// given.
///
/// Every dependency arrives through `init`, and there are no defaults: a presenter cannot
/// exist without an output, a clock and a logger, and its signature says so. The presenter
/// names no concrete client; which network it posts to is decided where it is created.
public final class SocialPresenter {
    private let output: any SocialPostOutput
    private let clock: any Clock
    private let logger: any Logger

    public init(
        output: any SocialPostOutput,
        clock: any Clock,
        logger: any Logger
    ) {
        self.output = output
        self.clock = clock
        self.logger = logger
    }

    /// Posts `text`, stamped with the clock's time now.
    public func share(_ text: String) throws {
        try share(text, at: clock.now())
    }

    /// Posts `text` stamped with `date` instead of the clock's time.
    /// The date is data, not a dependency: it differs from call to call
    /// (a post written earlier and sent later), so it comes with the call.
    public func share(_ text: String, at date: Date) throws {
        let stamped = stamp(text, at: date)
        try report(stamped) { try output.post(stamped) }
    }

    /// Posts `text` with `image`, stamped with the clock's time now.
    public func share(_ text: String, image: Image) throws {
        let stamped = stamp(text, at: clock.now())
        try report(stamped) { try output.post(stamped, image: image) }
    }

    /// `Hello` becomes `Hello (2016-06-18 09:30 UTC)`.
    private func stamp(_ text: String, at date: Date) -> String {
        "\(text) (\(date.utcStamp))"
    }

    /// Runs `send` and logs how it went; a failure is logged and still thrown, so the caller
    /// decides what the person sees.
    private func report(_ stamped: String, _ send: () throws -> Void) throws {
        do {
            try send()
            logger.info("shared \"\(stamped)\"")
        } catch {
            logger.error("could not share \"\(stamped)\": \(error)")
            throw error
        }
    }
}
