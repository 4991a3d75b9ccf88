import Domain

/// The detail screen's logic: it tells when the screen was opened.
public final class DetailViewModel {
    /// `Opened at 2016-06-18 00:00 UTC`, read from the clock once, when the screen is made.
    public let openedAt: String

    /// - Parameter clock: injected, so a test or a demo can stop time.
    public init(clock: any Clock) {
        openedAt = "Opened at \(clock.now().utcStamp)"
    }
}
