import Foundation

/// A fresh folder in the test process's own (`TestRunFolder`), for tests that need the disk.
package struct TemporaryFolder: Sendable {
    package let url: URL

    /// Creates the folder, holding `files` (name → text) if any are given.
    package init(_ label: String = "test", files: [String: String] = [:]) throws {
        url = TestRunFolder.url.appendingPathComponent(TestRunFolder.uniqueName(label))
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        for (name, text) in files {
            try text.write(to: url.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
    }

    package func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}
