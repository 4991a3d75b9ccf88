import ChildProcess
import DojoCore
import Foundation
import Synchronization

/// The program that runs a test-writing check's planted bugs (its mutants), started once as a
/// fork server (see `cchildprocess_fork_server.c`): it loads XCTest, Foundation and the lesson
/// library while the learner's tests compile, and each planted bug's run is then a fork of it,
/// in a folder of its own inside the server's, confined to that folder by a Landlock layer of
/// its own, with its own secrets, limits, time and reaper.
///
/// Why: each planted bug had a program of its own, and eleven programs loading the same
/// libraries beside the compiler took as much processor time as the compile of the learner's
/// tests on two cores (the dynamic linker, the kernel's mappings, the Swift runtime's first
/// lookups).
///
/// Started on the first `start()`, unless closed before; on a system that cannot run one (no
/// pidfds) or when it cannot start, the runs start their own programs, as before.
final class PlantedBugsServer: Sendable {
    /// A server that has started.
    struct Started: Sendable {
        let connection: ForkServerConnection
        /// Where the server runs, and its runs' folders are made.
        let folder: URL
        /// The lesson library it loaded, which a run's checks must have been compiled against.
        let lessonLibrary: URL
        let served: Task<Void, Never>
    }

    private struct State {
        var started: Started?
        /// No server starts once closed.
        var closed = false
        /// The task that starts it (see `start()`).
        var starting: Task<Void, Never>?
    }

    private let state = Mutex(State())
    private let request: CheckProgramRequest
    private let programRun: CheckProgramRun

    /// A server for `request`'s runs (any mutant's: they load the same lesson library), started
    /// by `programRun`'s program.
    init(for request: CheckProgramRequest, by programRun: CheckProgramRun) {
        self.request = request
        self.programRun = programRun
    }

    /// Starts the server, once, on a task of its own: choosing its lesson library reads the
    /// files, and the caller is on its way to the compiler. Nothing once closed, or where no
    /// server can run.
    func start() {
        guard ForkServerConnection.isSupported else { return }
        let starting = Task { [request, programRun] in
            let lessonLibrary = programRun.lessonLibrary(for: request)
            state.withLock { state in
                guard !state.closed, state.started == nil else { return }
                state.started = programRun.startServer(lessonLibrary: lessonLibrary)
            }
        }
        state.withLock { state in
            if state.starting == nil { state.starting = starting } else { starting.cancel() }
        }
    }

    /// The server started, to run in; nil when there is none (then a run starts its own program).
    var started: Started? {
        get async {
            await state.withLock { $0.starting }?.value
            return state.withLock { $0.closed ? nil : $0.started }
        }
    }

    /// Stops the server wherever it is, without waiting: `close()` must still follow, which
    /// waits. For a build that failed, whose report waits for everything else anyway.
    func stopSoon() {
        let started = state.withLock { state -> Started? in
            state.closed = true
            return state.started
        }
        started?.connection.close()
        started?.served.cancel()
    }

    /// Ends the server and every run still in it, and returns once it has ended and its folder
    /// is gone. No server starts after.
    ///
    /// - Parameter stoppingIt: whether to stop it wherever it is (a failed or cancelled check)
    ///   rather than let it end by itself, which it does at once when it waits for runs.
    func close(stoppingIt: Bool = true) async {
        let starting = state.withLock { state in
            state.closed = true
            return state.starting
        }
        await starting?.value
        let started = state.withLock { state -> Started? in
            defer { state.started = nil }
            return state.started
        }
        guard let started else { return }
        // Closing its socket ends it (at once, when it is waiting for runs); cancelling ends it
        // however far it got with loading.
        started.connection.close()
        if stoppingIt { started.served.cancel() }
        await started.served.value
        programRun.removeServerFolder(started.folder)
    }
}
