import Foundation

/// Notices that a file was saved by comparing its modification time, size and contents a few
/// times a second.
///
/// Polling works everywhere (network folders, editors that save by renaming, containers
/// without inotify), and a few stat calls a second cost nothing next to a compile.
package struct PollingFileWatcher: FileWatcher {
    private let interval: Duration
    private let clock: any Clock<Duration>

    package init(interval: Duration = .milliseconds(250), clock: any Clock<Duration>) {
        self.interval = interval
        self.clock = clock
    }

    package func waitForChange(of file: URL) async -> Bool {
        let original = Self.fingerprint(of: file)
        while true {
            do {
                try await clock.sleep(for: interval)
            } catch {
                return false
            }
            let now = Self.fingerprint(of: file)
            // A missing file is mid-save (editors that write a new file and rename it);
            // wait for it to come back rather than checking an empty file.
            if let now, now != original { return true }
        }
    }

    struct Fingerprint: Equatable {
        let modified: Date?
        let size: Int?
        let contents: Data?
    }

    static func fingerprint(of file: URL) -> Fingerprint? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: file.path) else { return nil }
        return Fingerprint(
            modified: attributes[.modificationDate] as? Date,
            size: (attributes[.size] as? NSNumber)?.intValue,
            contents: try? Data(contentsOf: file)
        )
    }
}
