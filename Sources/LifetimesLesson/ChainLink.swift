/// One word of `run --chain`: a decorator to wrap around the output, or the broadcast that
/// posts to Twitter and Facebook at once.
public enum ChainLink: String, CaseIterable, Sendable {
    /// `LoggingOutput`: logs every post that reaches it.
    case log
    /// `RetryingOutput`: tries a failed post again, up to three times in all.
    case retry
    /// `TimingOutput`: logs how long each post that reaches it took.
    case time
    /// `BroadcastOutput`: posts to Twitter and to Facebook. The links after it wrap each network
    /// on its own.
    case broadcast
}
