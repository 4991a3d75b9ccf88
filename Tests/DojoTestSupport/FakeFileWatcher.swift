import DojoShell
import Foundation
import Synchronization

/// Reports a change as many times as scripted, then stops as a Ctrl-C would.
package final class FakeFileWatcher: FileWatcher {
    private let changes: Mutex<Int>

    package init(changes: Int) { self.changes = Mutex(changes) }

    package func waitForChange(of file: URL) async -> Bool {
        changes.withLock { count in
            guard count > 0 else { return false }
            count -= 1
            return true
        }
    }
}
