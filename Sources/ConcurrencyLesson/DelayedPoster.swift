import Dependencies

/// Sends a post after a delay ("post in 5 minutes"), waiting on swift-dependencies'
/// `continuousClock`: the same injected clock as `RetryingPoster`'s, reached through lesson 7's
/// dependency values instead of `init`.
///
/// `@Dependency` reads the values in force where the poster was made: a test makes it inside
/// `withDependencies { $0.continuousClock = clock } operation: { … }`. Left unset in a test, the
/// clock is swift-dependencies' `UnimplementedClock`, which reports an issue when it is used.
public struct DelayedPoster: Sendable {
    @Dependency(\.continuousClock) private var clock
    private let output: any AsyncPostOutput

    public init(output: any AsyncPostOutput) {
        self.output = output
    }

    public func post(_ text: String, after delay: Duration) async throws {
        try await clock.sleep(for: delay)
        try await output.post(text)
    }
}
