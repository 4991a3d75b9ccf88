import Foundation

import Glibc

extension FileHandle {
    /// What can be read now, once something can (empty at end of file), or nil when nothing
    /// came before `deadline`.
    ///
    /// Why: `availableData` alone waits for ever, so a loop that reads a program's output until
    /// a banner, with a deadline it checks between reads, hangs the test run when the program
    /// neither prints nor ends.
    package func availableData(before deadline: Date) -> Data? {
        var descriptor = pollfd(fd: fileDescriptor, events: Int16(POLLIN), revents: 0)
        while true {
            let milliseconds = Int32(clamping: Int(max(0, deadline.timeIntervalSinceNow) * 1000))
            let ready = poll(&descriptor, 1, milliseconds)
            if ready > 0 { return availableData }
            if ready == 0 { return nil }
            if errno != EINTR { return availableData }
        }
    }
}
