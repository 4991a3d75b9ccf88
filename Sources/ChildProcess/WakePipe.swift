import CChildProcess

import Glibc

/// A pipe that wakes the launcher's supervising thread, asleep in poll(2), from any other thread.
///
/// Once signalled it stays readable (nobody drains it), so the supervisor stops watching it
/// once it has seen the change it announces.
final class WakePipe: Sendable {
    /// What the supervisor polls; -1 when no pipe could be made, and the supervisor then sees
    /// the change at its next regular look (``ChildProcessLauncher/pollInterval``).
    let readDescriptor: Int32
    private let writeDescriptor: Int32

    init() {
        var fds: [Int32] = [-1, -1]
        // Close-on-exec: no child may inherit either end.
        if cchildprocess_pipe(&fds) != 0 { fds = [-1, -1] }
        readDescriptor = fds[0]
        writeDescriptor = fds[1]
    }

    deinit {
        if readDescriptor >= 0 { close(readDescriptor) }
        if writeDescriptor >= 0 { close(writeDescriptor) }
    }

    /// Makes the read end readable.
    func signal() {
        guard writeDescriptor >= 0 else { return }
        var byte: UInt8 = 1
        _ = write(writeDescriptor, &byte, 1)
    }
}
