/// Anything a post can be sent through, in async code: a network client, an actor that keeps
/// the timeline, or a stand-in written for a test.
///
/// `Sendable`, because the one output an app builds at its composition root is used from the
/// main actor and from background tasks alike: Swift 6 lets only `Sendable` values cross
/// from one to the other. `async`, because sending takes time and may have to wait for an
/// actor. `throws`, because networks fail.
public protocol AsyncPostOutput: Sendable {
    /// Sends a text-only post; returns once it has been sent.
    func post(_ text: String) async throws
}
