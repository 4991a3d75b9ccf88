import Foundation

/// A thread-safe yes/no flag that a Task cancellation handler sets and the supervising thread reads.
///
/// `@unchecked Sendable` is sound because the only stored state, `isSet`, is
/// read and written exclusively while holding `lock`. (The `Mutex` type from
/// the Synchronization module would avoid the annotation but needs macOS 15.)
final class CancellationFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var storage = false

    /// Whether ``set()`` has been called.
    var isSet: Bool {
        lock.withLock { storage }
    }

    /// Raises the flag; it stays raised.
    func set() {
        lock.withLock { storage = true }
    }
}
