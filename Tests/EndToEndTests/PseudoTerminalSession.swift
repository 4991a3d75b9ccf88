import CChildProcess
import Foundation
import Glibc
import Synchronization

/// The real `didojo` on a pseudo-terminal of its own, as a person would run it: a new session
/// whose controlling terminal is the pty, so Ctrl-C raises SIGINT as on a real terminal.
final class PseudoTerminalSession: Sendable {
    /// What the terminal showed: the reader thread appends, the test reads.
    private let buffer = Mutex(Data())
    private let master: Int32
    private let descriptorClosing = SharedDescriptorClosing()
    let pid: pid_t

    init(executable: URL, arguments: [String] = [], environment: [String: String], columns: UInt16 = 100, rows: UInt16 = 40) throws {
        var master: Int32 = -1, slave: Int32 = -1
        var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        guard openpty(&master, &slave, nil, nil, &size) == 0 else { throw POSIXError(.ENODEV) }
        // ttyname_r, not ttyname: ttyname's answer is a buffer shared by the whole process, which
        // a session starting on another thread at the same moment overwrites (the spawn then
        // opened no such terminal: ENOENT, once in four runs of two sessions side by side).
        var name = [CChar](repeating: 0, count: 256)
        guard ttyname_r(slave, &name, name.count) == 0 else {
            close(slave)
            close(master)
            throw POSIXError(.ENOTTY)
        }
        let slaveName = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        close(slave)
        self.master = master

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // Opened after setsid() (glibc runs POSIX_SPAWN_SETSID before the file actions), so
        // the pty becomes the new session's controlling terminal.
        posix_spawn_file_actions_addopen(&actions, 0, slaveName, O_RDWR, 0)
        posix_spawn_file_actions_adddup2(&actions, 0, 1)
        posix_spawn_file_actions_adddup2(&actions, 0, 2)
        posix_spawn_file_actions_addclose(&actions, master)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // Every signal at its default and none blocked, as from a login shell: the test's
        // thread may block some (a Dispatch worker's does).
        let signalFlags = cchildprocess_spawn_reset_signals(&attributes)
        posix_spawnattr_setflags(&attributes, Self.spawnSetSID | signalFlags)

        let argv: [UnsafeMutablePointer<CChar>?] = ([executable.path] + arguments).map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var child: pid_t = 0
        let status = posix_spawn(&child, executable.path, &actions, &attributes, argv, envp)
        guard status == 0 else {
            close(master)
            throw POSIXError(POSIXErrorCode(rawValue: status) ?? .EIO)
        }
        pid = child

        // The terminal's descriptor is closed by whichever is last done with it, the session or
        // its reader: closed while the reader still read it, or while the test could still type,
        // its number could go to another session's terminal, starting at the same moment, whose
        // output the reader would steal or whose program would get the keys.
        let closing = descriptorClosing
        let reader = Thread { [weak self, master] in
            var chunk = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = read(master, &chunk, chunk.count)
                if count <= 0 { break }
                guard let self else { break }
                self.buffer.withLock { $0.append(contentsOf: chunk[0..<count]) }
            }
            closing.oneIsDone(with: master)
        }
        reader.start()
    }

    /// glibc's POSIX_SPAWN_SETSID, which Swift's Glibc module does not import (it is a GNU
    /// extension, behind _GNU_SOURCE).
    private static let spawnSetSID: Int16 = 0x80

    /// Everything the program has written so far, escape sequences removed.
    var screen: String {
        let raw = buffer.withLock { String(decoding: $0, as: UTF8.self) }
        return raw.replacingOccurrences(of: "\u{1b}\\[[0-9;?]*[A-Za-z]", with: "", options: .regularExpression)
            .replacingOccurrences(of: "\r", with: "")
    }

    func type(_ text: String) {
        _ = text.withCString { write(master, $0, strlen($0)) }
    }

    /// Waits until `text` appears on screen after `offset` characters; returns where it ends.
    /// The screen is read once more after the deadline: on a loaded machine a sleep can end
    /// well past it, with the text arrived meanwhile (a CI run failed that way, the awaited
    /// prompt on the screen it printed).
    @discardableResult
    func waitFor(_ text: String, after offset: Int = 0, timeout: Duration = .seconds(120)) async throws -> Int {
        let deadline = ContinuousClock.now + timeout
        while true {
            let pastDeadline = ContinuousClock.now >= deadline
            let screen = self.screen
            if offset < screen.count, let range = screen[screen.index(screen.startIndex, offsetBy: offset)...].range(of: text) {
                return screen.distance(from: screen.startIndex, to: range.upperBound)
            }
            if pastDeadline { throw WaitTimeout(expected: text, screen: screen) }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    /// Waits for the program to end and returns its exit status (or -signal).
    func waitForExit(timeout: Duration = .seconds(90)) async throws -> Int32 {
        let deadline = ContinuousClock.now + timeout
        var status: Int32 = 0
        while ContinuousClock.now < deadline {
            let result = waitpid(pid, &status, WNOHANG)
            if result == pid {
                // WIFEXITED / WEXITSTATUS / WTERMSIG, spelled out: the C macros are not imported.
                return status & 0x7f == 0 ? (status >> 8) & 0xff : -(status & 0x7f)
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        kill(pid, SIGKILL)
        throw WaitTimeout(expected: "the program to exit", screen: screen)
    }

    /// Ends the program and whatever else its session still runs on the terminal, so that the
    /// reader sees the terminal close.
    deinit {
        kill(-pid, SIGKILL)
        kill(pid, SIGKILL)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        descriptorClosing.oneIsDone(with: master)
    }

    /// Closes a descriptor once both of its two users are done with it.
    private final class SharedDescriptorClosing: Sendable {
        private let done = Atomic<Int>(0)

        func oneIsDone(with descriptor: Int32) {
            if done.add(1, ordering: .sequentiallyConsistent).newValue == 2 { close(descriptor) }
        }
    }

    struct WaitTimeout: Error, CustomStringConvertible {
        let expected: String
        let screen: String
        var description: String { "timed out waiting for \(expected.debugDescription); the screen shows:\n\(screen)" }
    }
}
