import Synchronization

/// The request to stop one run: made by the cancellation handler of the Task that awaits the
/// run, seen by the run's supervising thread at once.
final class RunCancellation: Sendable {
    private let requested = Mutex(false)
    private let wake = WakePipe()

    /// Whether ``request()`` has been called.
    var isRequested: Bool {
        requested.withLock { $0 }
    }

    /// Readable once the stop was requested.
    var wakeDescriptor: Int32 { wake.readDescriptor }

    /// Asks for the run to stop; it stays asked.
    func request() {
        let isFirst = requested.withLock { requested in
            defer { requested = true }
            return !requested
        }
        if isFirst { wake.signal() }
    }
}
