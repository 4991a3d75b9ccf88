import CChildProcess

import Glibc

/// One started run as the system has it: the program under its reaper, the output pipes, and
/// the descriptors that steer them. Lives on the launcher's supervising thread only.
///
/// The reaper (see `cchildprocess_reaper.c`) is a child subreaper: everything the program
/// starts, whatever process group or session it makes for itself, is adopted by the reaper
/// when its own parent ends. The reaper ends all of it when the program ends or when told to
/// stop, and ends itself only then. So the run is over, with nothing left running, exactly
/// when the reaper has ended.
final class RunningChild {
    /// The run's reaper, the process this one waits for and reaps.
    let reaper: pid_t
    /// The program itself; also its process group (it leads a session of its own).
    let program: pid_t

    private(set) var standardOutput: CapturedStream
    private(set) var standardError: CapturedStream
    /// The exit status the program has reported on its standard error (see ``ReportedEnd``),
    /// before it has ended; nil while it has reported none, or when it reports none.
    private(set) var reportedStatus: Int32?
    private let reportedEnd: ReportedEnd?

    private var outputFD: Int32
    private var errorFD: Int32
    /// Readable once the reaper has ended (a pidfd); -1 without one, or once it has ended.
    private var exitFD: Int32
    /// Closing it tells the reaper to end the run.
    private var stopFD: Int32
    private var statusFD: Int32
    /// The write end of a gated child's input; -1 when ungated or once released.
    private var heldInputFD: Int32
    private var reaperHasEnded = false
    /// Whether the reaper is a fork server's child (see ``ForkServerConnection``), which this
    /// process cannot wait for: its pidfd says when it has ended, and the server reaps it.
    private let reaperIsForeign: Bool

    /// Reads into this buffer; one `read` returns at most a pipe's worth (64 KiB by default).
    private let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 1)

    private init(started: cchildprocess_started, heldInput: Int32, outputLimit: Int, reportedEnd: ReportedEnd?) {
        reaper = started.pid
        program = started.child_pid
        outputFD = started.stdout_fd
        errorFD = started.stderr_fd
        exitFD = started.exit_fd
        stopFD = started.stop_fd
        statusFD = started.status_fd
        heldInputFD = heldInput
        reaperIsForeign = started.reaper_is_foreign != 0
        standardOutput = CapturedStream(limit: outputLimit)
        standardError = CapturedStream(limit: outputLimit)
        self.reportedEnd = reportedEnd
    }

    deinit {
        for fd in [outputFD, errorFD, exitFD, stopFD, statusFD, heldInputFD] where fd >= 0 {
            close(fd)
        }
        buffer.deallocate()
    }

    /// Starts `request` (as a program, or a fork server's run); a gated request's child reads a
    /// pipe held here until ``releaseInput()``.
    static func start(_ request: ChildProcessRequest) throws -> RunningChild {
        // A gated child reads a pipe we hold until the gate opens; an ungated one, the caller's
        // descriptor or /dev/null.
        var childInput: Int32 = -1
        var heldInput: Int32 = -1
        if request.gate != nil {
            var fds: [Int32] = [-1, -1]
            guard cchildprocess_pipe(&fds) == 0 else {
                throw ChildProcessError.systemResourceUnavailable(
                    operation: "creating pipes", reason: String(cString: strerror(errno)))
            }
            childInput = fds[0]
            heldInput = fds[1]
        }
        defer { if childInput >= 0 { close(childInput) } }
        do {
            let input = request.gate == nil ? request.inputDescriptor ?? -1 : childInput
            let started = try request.forkServer.map { try ChildProcessStart.startForked(request, in: $0, input: input) }
                ?? ChildProcessStart.start(request, input: input)
            return RunningChild(
                started: started, heldInput: heldInput, outputLimit: request.outputLimit, reportedEnd: request.reportedEnd
            )
        } catch {
            if heldInput >= 0 { close(heldInput) }
            throw error
        }
    }

    /// Whether both output pipes are closed.
    var outputIsClosed: Bool { outputFD < 0 && errorFD < 0 }

    /// Whether the reaper has ended, and with it every process of the run.
    var hasEnded: Bool {
        if !reaperHasEnded && (reaperIsForeign ? exitDescriptorIsReadable : cchildprocess_has_exited(reaper) != 0) {
            reaperHasEnded = true
            closeDescriptor(&exitFD)
        }
        return reaperHasEnded
    }

    /// Whether the reaper's pidfd says it has ended (a foreign reaper always has one).
    private var exitDescriptorIsReadable: Bool {
        var watched = pollfd(fd: exitFD, events: Int16(POLLIN), revents: 0)
        return exitFD < 0 || poll(&watched, 1, 0) > 0
    }

    /// Whether the supervisor must look by itself, at short intervals, for the reaper's end:
    /// without a pidfd nothing wakes it when that happens.
    var needsRegularLooks: Bool { !reaperHasEnded && exitFD < 0 }

    /// Lets a gated child go on.
    func releaseInput() {
        closeDescriptor(&heldInputFD)
    }

    /// Puts the child's session back at the caller's priority (see `ChildProcessRequest.niceness`):
    /// with the kernel's autogroups a session is scheduled as one group, and lowering its nice
    /// value back to 0 is allowed to its owner (unlike a process's own nice value). Nothing
    /// happens on a kernel without autogroups, or once the child has gone.
    func restoreSessionPriority() {
        cchildprocess_set_session_niceness(program, 0)
    }

    /// Tells the reaper to end the run; it kills the program and every descendant.
    func stop() {
        closeDescriptor(&stopFD)
    }

    /// Kills the reaper, which did not end the run in time (stopped, or killed by the code it
    /// runs), and the program's process group: whatever the reaper held goes to init.
    func forceStop() {
        closeDescriptor(&stopFD)
        kill(reaper, SIGKILL)
        killProgramGroup()
    }

    /// Stops reading the output; whoever still holds the pipes gets SIGPIPE when writing.
    func closeOutput() {
        closeDescriptor(&outputFD)
        closeDescriptor(&errorFD)
    }

    /// Sleeps until output arrives, the reaper ends, one of `wakeDescriptors` becomes
    /// readable, or `timeoutMilliseconds` have passed (-1: no limit), and reads what arrived.
    func waitForActivity(wakeDescriptors: [Int32], timeoutMilliseconds: Int32) {
        // poll ignores entries whose descriptor is negative (closed, or not watched).
        var watched = [
            pollfd(fd: outputFD, events: Int16(POLLIN), revents: 0),
            pollfd(fd: errorFD, events: Int16(POLLIN), revents: 0),
            pollfd(fd: exitFD, events: Int16(POLLIN), revents: 0),
        ] + wakeDescriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        guard poll(&watched, nfds_t(watched.count), timeoutMilliseconds) > 0 else {
            return  // the time is up, or EINTR: the caller looks round and comes back
        }
        if watched[0].revents != 0 {
            readChunk(from: &outputFD, into: &standardOutput)
        }
        if watched[1].revents != 0 {
            readChunk(from: &errorFD, into: &standardError)
            if reportedStatus == nil, let reportedEnd {
                reportedStatus = reportedEnd.exitStatus(standardError.bytes)
            }
        }
    }

    /// Reads what the output pipes hold now, without waiting for more: once a program has
    /// reported its end, everything it wrote before is there (a read takes one pipe's worth at
    /// a time), though the pipes close only with its exit. A bounded number of reads: a thread
    /// of the program still writing cannot keep it here.
    func readWhatIsWaiting() {
        for _ in 0..<64 {
            var watched = [
                pollfd(fd: outputFD, events: Int16(POLLIN), revents: 0),
                pollfd(fd: errorFD, events: Int16(POLLIN), revents: 0),
            ]
            guard poll(&watched, nfds_t(watched.count), 0) > 0 else { return }
            if watched[0].revents != 0 { readChunk(from: &outputFD, into: &standardOutput) }
            if watched[1].revents != 0 { readChunk(from: &errorFD, into: &standardError) }
        }
    }

    /// Reaps the reaper and returns how the program ended. Call once the reaper has ended.
    func finish() -> Termination {
        var signaled: Int32 = 0
        var value: Int32 = 0
        let reported = cchildprocess_child_status(statusFD, &signaled, &value) == 0
        var ignoredSignaled: Int32 = 0
        var ignoredValue: Int32 = 0
        if !reaperIsForeign {
            _ = cchildprocess_reap(reaper, &ignoredSignaled, &ignoredValue)
        }
        guard reported else {
            // The reaper was killed before it could tell (by the code it ran, or by
            // `forceStop`): the program went to init and may still run. Its process group is
            // all that is left to reach it by.
            killProgramGroup()
            return .signaled(SIGKILL)
        }
        return signaled != 0 ? .signaled(value) : .exited(value)
    }

    private func killProgramGroup() {
        kill(-program, SIGKILL)
    }

    /// Reads once from a ready pipe; closes it (and sets it to -1) at end of file or on error.
    private func readChunk(from fd: inout Int32, into stream: inout CapturedStream) {
        let count = read(fd, buffer.baseAddress, buffer.count)
        if count > 0 {
            stream.append(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
        } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
            closeDescriptor(&fd)
        }
    }

    private func closeDescriptor(_ fd: inout Int32) {
        if fd >= 0 {
            close(fd)
            fd = -1
        }
    }
}
