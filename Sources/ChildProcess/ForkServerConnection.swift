import CChildProcess
import Synchronization

import Glibc

/// The starting side of a fork server (see `cchildprocess_fork_server.c`): a program that loads
/// what its runs share once, then starts each run as a fork of itself. Runs are started through
/// it by a request's ``ChildProcessRequest/forkServer``; the server itself is started as any
/// program, with ``serverEnd`` as its standard input (``ChildProcessRequest/inputDescriptor``),
/// and ends when this connection closes.
package final class ForkServerConnection: Sendable, Equatable {
    /// Whether this system can run one (it needs pidfds, Linux 5.3).
    package static var isSupported: Bool { cchildprocess_fork_server_supported() != 0 }

    /// This process's end of the socket pair.
    let socket: Int32
    /// The server's end, for its standard input (the server gets a copy of its own); closed here
    /// with the connection.
    package let serverEnd: Int32
    /// Whether it is closed. Held through each exchange too: one request and its reply at a
    /// time (runs start from several threads), and the socket is never closed, its number
    /// then free for another file, while a request uses it.
    private let closed = Mutex(false)

    /// A new socket pair; fails when the system has no descriptors to spare.
    package init() throws {
        var fds: [Int32] = [-1, -1]
        guard cchildprocess_fork_server_socket_pair(&fds) == 0 else {
            throw ChildProcessError.systemResourceUnavailable(
                operation: "creating a socket pair", reason: String(cString: strerror(errno)))
        }
        socket = fds[0]
        serverEnd = fds[1]
    }

    deinit {
        close()
    }

    /// Ends the server, which ends when its end of the socket reads as closed, and with it any
    /// run still going. Safe to call more than once, and from any thread: it waits for a
    /// request under way.
    package func close() {
        closed.withLock { closed in
            guard !closed else { return }
            closed = true
            Glibc.close(socket)
            Glibc.close(serverEnd)
        }
    }

    /// Calls `body` with this process's end of the socket (-1 once closed), one caller at a time.
    func exchange<Result>(_ body: (Int32) -> Result) -> Result {
        closed.withLock { closed in body(closed ? -1 : socket) }
    }

    /// Two connections are the same only if they are one.
    package static func == (lhs: ForkServerConnection, rhs: ForkServerConnection) -> Bool { lhs === rhs }
}
