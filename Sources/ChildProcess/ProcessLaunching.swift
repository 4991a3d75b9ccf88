/// Something that can run a child process to completion; the seam between the checker and the OS.
///
/// The checker depends on this protocol rather than on ``ChildProcessLauncher``
/// so its tests can use a fake that returns canned results instantly.
package protocol ProcessLaunching: Sendable {
    /// Runs the request and returns once the child and everything it started are gone, or,
    /// for a request with a ``ReportedEnd``, once the program has reported its end (what is
    /// left of the run is then ended and reaped without the caller).
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

}
