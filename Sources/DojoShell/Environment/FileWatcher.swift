import Foundation

/// Waits for a file to change (be saved).
package protocol FileWatcher: Sendable {
    /// Returns true when `file` has changed since the call began, false when the calling
    /// task was cancelled first. Saving through a rename counts as a change.
    func waitForChange(of file: URL) async -> Bool
}
