import Foundation

/// Waits for a file to change (be saved).
public protocol FileWatcher: Sendable {
    /// Returns when `file` has changed since the call began (true), or when `shouldStop`
    /// returns true (false). Saving through a rename counts as a change.
    func waitForChange(of file: URL, shouldStop: @escaping @Sendable () -> Bool) async -> Bool
}
