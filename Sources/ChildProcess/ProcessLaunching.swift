/// Something that can run a child process to completion; the seam between the checker and the OS.
///
/// The checker depends on this protocol rather than on ``ChildProcessLauncher``
/// so its tests can use a fake that returns canned results instantly.
public protocol ProcessLaunching: Sendable {
    /// Runs the request and returns once the child and everything it started are gone.
    ///
    /// `isCancelled` is polled every few tens of milliseconds while the child
    /// runs; once it returns `true` the child's whole process group is killed
    /// and the result has `cancelled == true`. Cancelling the calling Task has
    /// the same effect. `isCancelled` may be called from a background thread,
    /// so it must be cheap and thread-safe (reading an atomic or a locked flag).
    ///
    /// A request with a ``ChildProcessGate`` starts the child at once but lets it read
    /// nothing until the gate opens (its standard input then ends), and its timeout counts
    /// from the opening; abandoning the gate stops it as `isCancelled` does.
    ///
    /// Throws ``ChildProcessError`` when the program could not be started. A
    /// program that starts and then fails is not an error: it is a result.
    func run(
        _ request: ChildProcessRequest,
        isCancelled: @escaping @Sendable () -> Bool
    ) async throws -> ChildProcessResult
}

extension ProcessLaunching {
    /// Runs the request with no way to cancel it other than cancelling the calling Task.
    public func run(_ request: ChildProcessRequest) async throws -> ChildProcessResult {
        try await run(request, isCancelled: { false })
    }
}
