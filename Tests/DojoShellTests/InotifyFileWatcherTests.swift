import DojoShell
import DojoTestSupport
import Foundation
import Synchronization
import Testing

/// The real watcher on a real folder (the shell's tests otherwise use `FakeFileWatcher`): a
/// save wakes it, and cancelling ends its wait, through its wake pipe, with its inotify
/// descriptor closed and its thread gone. Serialized, so that each test counts only its own.
@Suite(.serialized) struct InotifyFileWatcherTests {
    /// How long any of these waits may take before the test fails instead of hanging: far more
    /// than a wake-up needs (milliseconds). Beside the whole suite on two cores, the other
    /// suites' blocking work can hold both threads of Swift's pool for minutes, and the tasks
    /// that save, wait and time this out all need one: in a CI run the save and the timer ran
    /// only 174 s in, and the timer, long due, answered first. Only a hang meets this limit.
    static let limit: Duration = .seconds(600)

    @Test(arguments: [false, true])
    func aFileSavedInTheFolderWakesTheWatcher(savedByRenaming: Bool) async throws {
        let watch = try StartedWatch()
        defer { watch.folder.remove() }
        let (file, fallback, before, waiting) = (watch.file, watch.fallback, watch.before, watch.waiting)
        // The watch is set once the task runs: save until it wakes (the first saves may come
        // before the watch), as an editor would, in place or by renaming a new file over it.
        let saving = Task {
            var saves = 0
            while !Task.isCancelled {
                saves += 1
                try? "save \(saves)\n".write(to: file, atomically: savedByRenaming, encoding: .utf8)
                try? await Task.sleep(for: .milliseconds(20))
            }
        }
        let changed = await Self.value(of: waiting, within: Self.limit)
        saving.cancel()
        waiting.cancel()
        #expect(changed == true, "a save of the watched file must wake the watcher")
        #expect(!fallback.wasUsed, "a folder in /tmp can be watched with inotify: the fallback must not be used")
        #expect(await WatcherTraces.settle(to: before), "the watch's inotify descriptor and thread must be gone once it has woken")
    }

    @Test func cancellingEndsTheWaitAndLeavesNothingBehind() async throws {
        let watch = try StartedWatch()
        defer { watch.folder.remove() }
        let (file, fallback, before, waiting) = (watch.file, watch.fallback, watch.before, watch.waiting)
        // Waiting for real: its thread blocked in poll(2) on the inotify descriptor.
        #expect(await WatcherTraces.reach(WatcherTraces(inotifyDescriptors: before.inotifyDescriptors + 1, threads: before.threads + 1)),
                "the watcher must wait on an inotify descriptor, on a thread of its own: before \(before), while waiting \(WatcherTraces.now())")
        waiting.cancel()
        let changed = await Self.value(of: waiting, within: Self.limit)
        #expect(changed == false, "a cancelled wait must end at once and say that nothing changed")
        #expect(!fallback.wasUsed)
        #expect(await WatcherTraces.settle(to: before), "the watch's inotify descriptor and thread must be gone once it is cancelled")
    }

    /// `task`'s value, or nil when it has not ended within `limit`: a broken wake-up then
    /// fails the test instead of hanging the run (the caller cancels the task).
    static func value(of task: Task<Bool, Never>, within limit: Duration) async -> Bool? {
        await withCheckedContinuation { (continuation: CheckedContinuation<Bool?, Never>) in
            let first = FirstAnswer(continuation)
            Task { first.give(await task.value) }
            Task {
                try? await Task.sleep(for: limit)
                first.give(nil)
            }
        }
    }
}

/// Resumes a continuation with the first value given, and ignores the others.
private final class FirstAnswer: Sendable {
    private let continuation: Mutex<CheckedContinuation<Bool?, Never>?>

    init(_ continuation: CheckedContinuation<Bool?, Never>) {
        self.continuation = Mutex(continuation)
    }

    func give(_ value: Bool?) {
        continuation.withLock { $0.take() }?.resume(returning: value)
    }
}

/// A file in a folder of its own, and the real watcher waiting for it to change (on a fake
/// fallback, which it must not need), with what the process held before the wait began.
private struct StartedWatch {
    let folder: TemporaryFolder
    let file: URL
    let fallback = FallbackWatcher()
    let before: WatcherTraces
    let waiting: Task<Bool, Never>

    init() throws {
        folder = try TemporaryFolder("screens-inotify", files: ["Watched.swift": "before\n"])
        file = folder.url.appendingPathComponent("Watched.swift")
        let watcher = InotifyFileWatcher(fallback: fallback, clock: ContinuousClock())
        before = WatcherTraces.now()
        waiting = Task { [file] in await watcher.waitForChange(of: file) }
    }
}

/// What a watch leaves in this process, read from /proc: inotify descriptors, and threads
/// named as the watcher names its own (`InotifyFileWatcher.threadName`).
private struct WatcherTraces: Equatable {
    let inotifyDescriptors: Int
    let threads: Int

    static func now() -> WatcherTraces {
        let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        let inotify = descriptors.filter {
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\($0)")) == "anon_inode:inotify"
        }
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
        let watcherThreads = tasks.filter {
            (try? String(contentsOfFile: "/proc/self/task/\($0)/comm", encoding: .utf8)) == InotifyFileWatcher.threadName + "\n"
        }
        return WatcherTraces(inotifyDescriptors: inotify.count, threads: watcherThreads.count)
    }

    /// Whether the traces come back to `expected` within `InotifyFileWatcherTests.limit` (a
    /// thread ends just after it hands back its answer).
    static func settle(to expected: WatcherTraces) async -> Bool {
        await reach(expected)
    }

    /// Whether the traces become `expected` within `InotifyFileWatcherTests.limit`, looking
    /// every 10 ms (a thread takes a moment to start or to end, longer on a busy machine).
    static func reach(_ expected: WatcherTraces) async -> Bool {
        let deadline = ContinuousClock.now + InotifyFileWatcherTests.limit
        while ContinuousClock.now < deadline {
            if now() == expected { return true }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return now() == expected
    }
}

/// Stands for the polling watcher; says whether the inotify watcher fell back to it.
private final class FallbackWatcher: FileWatcher {
    private let used = Mutex(false)

    var wasUsed: Bool { used.withLock { $0 } }

    func waitForChange(of file: URL) async -> Bool {
        used.withLock { $0 = true }
        return false
    }
}
