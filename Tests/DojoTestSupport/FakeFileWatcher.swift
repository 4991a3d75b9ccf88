import DojoShell
import Foundation

/// Reports a change as many times as scripted, then "Ctrl-C".
public final class FakeFileWatcher: FileWatcher, @unchecked Sendable {
    // Guarded by `lock`, hence the `@unchecked Sendable`.
    private let lock = NSLock()
    private var changes: Int

    public init(changes: Int) { self.changes = changes }

    public func waitForChange(of file: URL, shouldStop: @escaping @Sendable () -> Bool) async -> Bool {
        lock.withLock {
            guard changes > 0 else { return false }
            changes -= 1
            return true
        }
    }
}
