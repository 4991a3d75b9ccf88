import Foundation
import Synchronization

/// The one folder under the system's temporary directory that a test process makes its
/// temporary files and folders in (`TemporaryFolder` and the tests' own), removed with all it
/// holds when the process exits.
///
/// Why: tests that fail leave what they wrote, and many never remove what they make (a
/// learner's home for each shell driven end to end, a workspace per check): one run of the
/// suite left about 1,500 folders in /tmp, and a few days of runs 11 GB. A process killed
/// before it exits still leaves its one folder, named with its process id.
package enum TestRunFolder {
    package static let url: URL = {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("didojo-tests-\(getpid())-\(UUID().uuidString.prefix(4).lowercased())")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(at: TestRunFolder.url) }
        // Nearly every test comes here first: a good moment to start watching for a hang.
        _ = TestRunWatchdog.forThisProcess
        return url
    }()

    /// A name for something new in the folder: `label` and a number no other name of this
    /// process has. Short, unlike a UUID: the paths of a learner's files appear in the
    /// messages the tests read, wrapped at the terminal's width.
    package static func uniqueName(_ label: String) -> String {
        "\(label)-\(made.add(1, ordering: .relaxed).newValue)"
    }

    private static let made = Atomic<Int>(0)
}
