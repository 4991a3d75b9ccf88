/// A decorator that writes each post down with the trace id it was sent under, then forwards
/// it: how the demo shows which tasks kept `Trace.id`.
public struct TracingOutput: AsyncPostOutput {
    private let inner: any AsyncPostOutput
    private let log: TraceLog

    public init(wrapping inner: any AsyncPostOutput, log: TraceLog) {
        self.inner = inner
        self.log = log
    }

    public func post(_ text: String) async throws {
        await log.record("\(Trace.id ?? "no trace") · \(text)")
        try await inner.post(text)
    }
}
