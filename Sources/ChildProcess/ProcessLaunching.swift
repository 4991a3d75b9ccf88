/// Something that can run a child process to completion; the seam between the checker and the OS.
///
/// The checker depends on this protocol rather than on ``ChildProcessLauncher``
/// so its tests can use a fake that returns canned results instantly.
public protocol ProcessLaunching: Sendable {
    /// Runs the request and returns once the child and everything it started are gone.
    ///
    /// Cancelling the calling Task stops the child and everything it started; the result
    /// then has `cancelled == true`.
    ///
    /// A request with a ``ChildProcessGate`` starts the child at once but lets it read
    /// nothing until the gate opens (its standard input then ends), and its timeout counts
    /// from the opening; abandoning the gate stops it as cancelling does.
    ///
    /// Throws ``ChildProcessError`` when the program could not be started. A
    /// program that starts and then fails is not an error: it is a result.
    func run(_ request: ChildProcessRequest) async throws -> ChildProcessResult

    /// Runs the request as ``run(_:)`` does, and also stops it once `isCancelled` returns `true`.
    ///
    /// `isCancelled` is polled every few tens of milliseconds while the child runs, possibly
    /// from a background thread, so it must be cheap and thread-safe (reading an atomic or a
    /// locked flag). Kept until the callers use Task cancellation.
    func run(
        _ request: ChildProcessRequest,
        isCancelled: @escaping @Sendable () -> Bool
    ) async throws -> ChildProcessResult
}

extension ProcessLaunching {
    /// Runs the request with no way to cancel it other than cancelling the calling Task.
    ///
    /// The default for launchers that implement only ``run(_:isCancelled:)`` (test doubles).
    public func run(_ request: ChildProcessRequest) async throws -> ChildProcessResult {
        try await run(request, isCancelled: { false })
    }
}
