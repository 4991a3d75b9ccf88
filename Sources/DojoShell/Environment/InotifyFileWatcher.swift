import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Wakes up the moment a file is saved, using Linux's inotify on the file's folder; falls back
/// to polling where inotify is unavailable (or the folder cannot be watched).
///
/// The folder is watched rather than the file because many editors save by writing a new file
/// and renaming it over the old one, which a watch on the old file would never see.
public struct InotifyFileWatcher: FileWatcher {
    private let fallback: any FileWatcher

    public init(fallback: any FileWatcher = PollingFileWatcher()) {
        self.fallback = fallback
    }

    public func waitForChange(of file: URL, shouldStop: @escaping @Sendable () -> Bool) async -> Bool {
        #if canImport(Glibc)
        let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else { return await fallback.waitForChange(of: file, shouldStop: shouldStop) }
        defer { close(descriptor) }
        let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE)
        guard inotify_add_watch(descriptor, file.deletingLastPathComponent().path, mask) >= 0 else {
            return await fallback.waitForChange(of: file, shouldStop: shouldStop)
        }
        let name = file.lastPathComponent
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while !shouldStop() {
            if Task.isCancelled { return false }
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            // Short waits, so Ctrl-C (seen through `shouldStop`) is noticed quickly.
            guard poll(&poller, 1, 100) > 0 else { continue }
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { continue }
            if Self.events(in: buffer, count: count).contains(name) {
                // Let an editor that writes in several steps finish before the check reads.
                try? await Task.sleep(for: .milliseconds(50))
                return true
            }
        }
        return false
        #else
        return await fallback.waitForChange(of: file, shouldStop: shouldStop)
        #endif
    }

    #if canImport(Glibc)
    /// The file names named by the inotify events in `buffer`.
    static func events(in buffer: [UInt8], count: Int) -> [String] {
        var names: [String] = []
        var offset = 0
        let headerSize = MemoryLayout<inotify_event>.size
        while offset + headerSize <= count {
            let nameLength = buffer.withUnsafeBytes {
                Int($0.loadUnaligned(fromByteOffset: offset, as: inotify_event.self).len)
            }
            let nameBytes = buffer[(offset + headerSize)..<min(count, offset + headerSize + nameLength)]
            names.append(String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self))
            offset += headerSize + nameLength
        }
        return names
    }
    #endif
}
