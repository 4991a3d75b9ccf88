import Glibc

/// Small queries about the terminal behind a file descriptor.
package enum TerminalInfo {
    /// The width of the terminal in columns, or nil when `fd` is not a terminal or reports no size.
    package static func columns(fd: Int32) -> Int? {
        var size = winsize()
        guard ioctl(fd, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else {
            return nil
        }
        return Int(size.ws_col)
    }

    /// The height of the terminal in rows, or nil when `fd` is not a terminal or reports no size.
    package static func rows(fd: Int32) -> Int? {
        var size = winsize()
        guard ioctl(fd, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0 else {
            return nil
        }
        return Int(size.ws_row)
    }

    /// Whether `fd` refers to a terminal (so line editing makes sense).
    package static func isTerminal(fd: Int32) -> Bool {
        isatty(fd) == 1
    }
}
