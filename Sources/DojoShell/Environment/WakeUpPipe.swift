import Glibc

/// A pipe that wakes a thread asleep in `poll(2)` from any other thread: the waiting side polls
/// `readDescriptor`, the other calls `signal()`. Once signalled it stays readable (nobody
/// drains it). Both ends are close-on-exec, so no child the shell starts inherits them; they
/// are closed when the last reference goes.
package final class WakeUpPipe: Sendable {
    package let readDescriptor: Int32
    private let writeDescriptor: Int32

    /// Nil when the system refuses a pipe (out of descriptors).
    package init?() {
        var descriptors: [Int32] = [-1, -1]
        guard pipe(&descriptors) == 0 else { return nil }
        for descriptor in descriptors { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        readDescriptor = descriptors[0]
        writeDescriptor = descriptors[1]
    }

    deinit {
        close(readDescriptor)
        close(writeDescriptor)
    }

    /// Makes the read end readable; harmless when nobody waits.
    package func signal() {
        var byte: UInt8 = 1
        _ = write(writeDescriptor, &byte, 1)
    }
}
