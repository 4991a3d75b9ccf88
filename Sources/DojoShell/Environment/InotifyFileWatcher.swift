import Foundation
import Glibc

/// Wakes up the moment a file is saved, using Linux's inotify on the file's folder; falls back
/// to polling where inotify is unavailable (or the folder cannot be watched).
///
/// The folder is watched rather than the file because many editors save by writing a new file
/// and renaming it over the old one, which a watch on the old file would never see.
///
/// The wait blocks in `poll(2)`, so it happens on a thread of its own rather than on one of
/// Swift's few cooperative threads, which `watch` would otherwise hold for as long as it
/// watches. Cancelling the waiting task wakes that thread through a pipe.
package struct InotifyFileWatcher: FileWatcher {
    private let fallback: any FileWatcher
    private let clock: any Clock<Duration>
    /// How long to let an editor that writes in several steps finish before the check reads.
    static let settleTime: Duration = .milliseconds(50)
    /// The name of the thread that waits.
    package static let threadName = "InotifyWatcher"

    /// - Parameters:
    ///   - fallback: the watcher used where a folder cannot be watched.
    ///   - clock: waits out `settleTime`; the composition root's clock.
    package init(fallback: any FileWatcher, clock: any Clock<Duration>) {
        self.fallback = fallback
        self.clock = clock
    }

    package func waitForChange(of file: URL) async -> Bool {
        guard let watch = FolderWatch(folder: file.deletingLastPathComponent()) else {
            return await fallback.waitForChange(of: file)
        }
        let changed = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let thread = Thread {
                    Self.nameThisThread()
                    continuation.resume(returning: watch.waitForEvent(naming: file.lastPathComponent))
                }
                thread.start()
            }
        } onCancel: {
            watch.wake()
        }
        watch.close()
        guard changed else { return false }
        do {
            try await clock.sleep(for: Self.settleTime)
        } catch {
            return false
        }
        return true
    }

    /// Names the calling thread `threadName`, for debuggers and for the tests that look for it
    /// in /proc. Not `Thread.name`: Foundation passes it on to Linux only when it has recorded
    /// the thread as started, which the new thread may outrun.
    private static func nameThisThread() {
        let file = open("/proc/thread-self/comm", O_WRONLY | O_CLOEXEC)
        guard file >= 0 else { return }
        _ = threadName.withCString { write(file, $0, strlen($0)) }
        Glibc.close(file)
    }

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
}

/// An inotify watch on one folder, and a pipe that wakes its waiting thread early.
private final class FolderWatch: Sendable {
    private let descriptor: Int32
    private let wakeUp: WakeUpPipe

    init?(folder: URL) {
        descriptor = inotify_init1(Int32(IN_CLOEXEC))
        guard descriptor >= 0 else { return nil }
        let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE)
        guard inotify_add_watch(descriptor, folder.path, mask) >= 0, let wakeUp = WakeUpPipe() else {
            Glibc.close(descriptor)
            return nil
        }
        self.wakeUp = wakeUp
    }

    /// Blocks until an event names `name` (true) or `wake` is called (false).
    func waitForEvent(naming name: String) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            var pollers = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0), pollfd(fd: wakeUp.readDescriptor, events: Int16(POLLIN), revents: 0)]
            guard poll(&pollers, 2, -1) > 0 else { continue }  // EINTR: wait again
            if pollers[1].revents != 0 { return false }
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count > 0, InotifyFileWatcher.events(in: buffer, count: count).contains(name) { return true }
        }
    }

    /// Ends a wait early; harmless when nobody waits.
    func wake() {
        wakeUp.signal()
    }

    /// Called once the wait is over (the wake-up pipe closes when the watch goes).
    func close() {
        Glibc.close(descriptor)
    }
}
