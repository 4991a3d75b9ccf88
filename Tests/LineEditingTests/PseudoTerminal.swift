import Foundation
import Synchronization
import LineEditing
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A pseudo-terminal pair for driving a `LineEditor` in-process, like a user at a keyboard.
///
/// A background thread keeps draining what the editor writes, so the editor
/// never blocks on a full buffer and tests can wait for text to appear.
/// `@unchecked Sendable`: the descriptors are immutable and the captured
/// output is guarded by a `Mutex`.
final class PseudoTerminal: @unchecked Sendable {
    let master: Int32
    let slave: Int32
    private let output = Mutex<[UInt8]>([])
    private let stopping = Atomic<Bool>(false)
    private let drained = DispatchSemaphore(value: 0)

    init(columns: UInt16 = 80) throws {
        var master: Int32 = -1
        var slave: Int32 = -1
        var size = winsize(ws_row: 24, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        guard openpty(&master, &slave, nil, nil, &size) == 0 else {
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
        self.master = master
        self.slave = slave
        Thread { [self] in drain() }.start()
    }

    /// Stops the drain thread and closes both ends. Call once, after the editor is gone.
    func close() {
        stopping.store(true, ordering: .sequentiallyConsistent)
        drained.wait()
        _ = Glibc.close(slave)
        _ = Glibc.close(master)
    }

    /// Everything the editor has written so far, decoded leniently.
    var text: String {
        output.withLock { String(decoding: $0, as: UTF8.self) }
    }

    /// Sends keystrokes as if typed.
    func type(_ keys: String) {
        let bytes = Array(keys.utf8)
        let written = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
        #expect(written == bytes.count, "could not write keystrokes to the pseudo-terminal")
    }

    /// The terminal's current local-mode flags (ICANON, ISIG, ...).
    var localFlags: tcflag_t {
        var settings = termios()
        tcgetattr(slave, &settings)
        return settings.c_lflag
    }

    /// Whether libedit has put the terminal into its editing mode (it reads key by key).
    var isEditing: Bool {
        localFlags & tcflag_t(ICANON) == 0
    }

    private func drain() {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !stopping.load(ordering: .sequentiallyConsistent) {
            var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, 50) > 0 else { continue }
            let count = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
            if count > 0 {
                output.withLock { $0.append(contentsOf: buffer[..<count]) }
            } else if count < 0 && errno != EINTR && errno != EAGAIN {
                break
            }
        }
        drained.signal()
    }
}

/// Polls `condition` every few milliseconds until it holds or `timeout` seconds pass.
///
/// Generous timeouts keep the tests stable on a slow, loaded machine while
/// costing nothing when things are fast.
@discardableResult
func waitUntil(timeout: Double = 15, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while !condition() {
        if Date() > deadline {
            return false
        }
        usleep(2_000)
    }
    return true
}

/// One `readLine` call running on its own thread, so the test can type while it waits.
///
/// The thread stays alive after the call returns until `finish()`, so its id
/// stays valid for `pthread_kill`. `@unchecked Sendable`: the editor is only
/// used on the reader thread while the call runs, and the shared values are
/// guarded by a `Mutex`.
final class BackgroundRead: @unchecked Sendable {
    private let outcome = Mutex<LineReadResult?>(nil)
    private let threadID = Mutex<pthread_t?>(nil)
    private let release = DispatchSemaphore(value: 0)

    init(_ editor: LineEditor, prompt: String = "> ") {
        let unchecked = UncheckedEditor(editor: editor)
        Thread { [self] in
            // Threads started from the test runner's pool inherit a mask that
            // blocks SIGINT (libdispatch blocks signals on its workers);
            // unblock it so `signal(_:)` can interrupt this thread's read().
            unblockSignal(SIGINT)
            threadID.withLock { $0 = pthread_self() }
            let result = unchecked.editor.readLine(prompt: prompt)
            outcome.withLock { $0 = result }
            release.wait()
        }.start()
    }

    /// The result, once the call has returned.
    var result: LineReadResult? {
        outcome.withLock { $0 }
    }

    /// Waits for the call to return; nil if it did not within the timeout.
    func wait(timeout: Double = 15) -> LineReadResult? {
        waitUntil(timeout: timeout) { result != nil }
        return result
    }

    /// Sends a signal to the reading thread only.
    func signal(_ number: Int32) {
        if let thread = threadID.withLock({ $0 }) {
            pthread_kill(thread, number)
        }
    }

    /// Lets the thread end. Call after the last `signal`.
    func finish() {
        release.signal()
    }
}

/// Carries a non-Sendable editor to the reader thread; see `BackgroundRead` for why that is safe.
private struct UncheckedEditor: @unchecked Sendable {
    let editor: LineEditor
}

/// Unblocks `number` for the calling thread.
func unblockSignal(_ number: Int32) {
    var set = sigset_t()
    sigemptyset(&set)
    sigaddset(&set, number)
    pthread_sigmask(SIG_UNBLOCK, &set, nil)
}
