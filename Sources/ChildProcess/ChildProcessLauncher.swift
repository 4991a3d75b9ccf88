import CChildProcess
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs programs for real: in their own process group, with limits, captured output and a kill switch.
///
/// Each run gets a dedicated thread, because supervising a child means
/// blocking in `poll(2)` and `waitpid(2)`, which must not hold up a thread of
/// Swift's small cooperative pool. Runs share no state, so any number can go
/// at once (for example from a `TaskGroup`).
///
/// The launcher makes sure nothing outlives a run: when the child exits, when
/// the timeout runs out, or when the run is cancelled, it sends `SIGKILL` to
/// the child's whole process group, which also takes out background
/// grandchildren (like `sleep 1000 &`) that would otherwise keep the output
/// pipes open and hang the run.
public struct ChildProcessLauncher: ProcessLaunching {
    /// How often the supervising thread wakes up to check the clock and `isCancelled`.
    static let pollInterval: Duration = .milliseconds(20)

    /// How long to keep reading after the group was killed, in case a process
    /// escaped the group (by calling `setsid` itself) and still holds a pipe.
    static let drainGracePeriod: Duration = .seconds(2)

    /// How often a start that fails with "Text file busy" is tried (2 ms apart; see `start`).
    static let busyStartAttempts = 250

    /// How many bytes one `read` may return; a pipe holds 64 KiB by default.
    static let readChunkSize = 64 * 1024

    /// Creates a launcher; it has no configuration of its own.
    public init() {}

    public func run(
        _ request: ChildProcessRequest,
        isCancelled: @escaping @Sendable () -> Bool
    ) async throws -> ChildProcessResult {
        let taskCancelled = CancellationFlag()
        let shouldStop: @Sendable () -> Bool = { taskCancelled.isSet || isCancelled() }

        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let thread = Thread {
                    continuation.resume(with: Result {
                        try Self.runBlocking(request, shouldStop: shouldStop)
                    })
                }
                thread.name = "ChildProcessLauncher"
                thread.start()
            }
        } onCancel: {
            taskCancelled.set()
        }
    }

    /// Runs the request on the calling thread and returns once the child and its group are
    /// gone; the timeout is the only way to stop it early.
    ///
    /// For callers that must answer before they return and cannot `await`, such as Tab
    /// completion inside the line editor's callback. Keep such runs short, and ungated: a gate
    /// could only be opened from another thread.
    public func runWaiting(_ request: ChildProcessRequest) throws -> ChildProcessResult {
        try Self.runBlocking(request, shouldStop: { false })
    }

    // MARK: - Blocking work (runs on the dedicated thread)

    /// Starts the child, supervises it until it and its group are gone, and reaps it.
    static func runBlocking(
        _ request: ChildProcessRequest,
        shouldStop: () -> Bool
    ) throws -> ChildProcessResult {
        let clock = ContinuousClock()
        let startTime = clock.now
        // A gated child reads a pipe we hold until the gate opens; an ungated one, /dev/null.
        var heldInput: Int32 = -1
        var childInput: Int32 = -1
        if request.gate != nil {
            var fds: [Int32] = [-1, -1]
            guard cchildprocess_pipe(&fds) == 0 else {
                throw ChildProcessError.systemResourceUnavailable(
                    operation: "creating pipes", reason: String(cString: strerror(errno)))
            }
            childInput = fds[0]
            heldInput = fds[1]
        }
        defer { if heldInput >= 0 { close(heldInput) } }
        let started: cchildprocess_started
        do {
            defer { if childInput >= 0 { close(childInput) } }
            started = try start(request, input: childInput)
        }
        let pid = started.pid

        var standardOutput = CapturedStream(limit: request.outputLimit)
        var standardError = CapturedStream(limit: request.outputLimit)
        var outputFD = started.stdout_fd
        var errorFD = started.stderr_fd
        // Wakes the loop the moment the child ends. Without it the end of a child shows only
        // as the end of its output, a moment before the child can be reaped, and the loop
        // would sleep a poll interval before looking again: a few milliseconds lost for every
        // compiler step and run of a check.
        var exitFD = started.exit_fd
        defer { if exitFD >= 0 { close(exitFD) } }
        var timedOut = false
        var cancelled = false
        var childExited = false
        // Set once the group has been sent SIGKILL; after that we only drain.
        var stopReadingAt: ContinuousClock.Instant?
        // A gated child's time starts when the gate opens.
        var deadline = request.gate == nil ? request.timeout.map { startTime + $0 } : nil

        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: readChunkSize, alignment: 1)
        defer { buffer.deallocate() }

        func killGroup() {
            // The child is not reaped yet (at most a zombie), so `pid` still
            // names its process group and cannot have been reused.
            kill(-pid, SIGKILL)
            stopReadingAt = clock.now + drainGracePeriod
        }

        func closeStream(_ fd: inout Int32) {
            if fd >= 0 {
                close(fd)
                fd = -1
            }
        }

        while true {
            if !childExited && cchildprocess_has_exited(pid) != 0 {
                childExited = true
                closeStream(&exitFD)
            }
            if heldInput >= 0, let gate = request.gate {
                if gate.isOpen {
                    close(heldInput)
                    heldInput = -1
                    deadline = request.timeout.map { clock.now + $0 }
                } else if gate.isAbandoned {
                    // Killed before its input is let go: closed first, the input would be the
                    // signal to go on, and the child could get a step further before it dies.
                    if stopReadingAt == nil && !childExited {
                        cancelled = true
                        killGroup()
                    }
                    close(heldInput)
                    heldInput = -1
                }
            }
            if stopReadingAt == nil {
                if childExited {
                    // The child is done; whatever it left running in the
                    // background must not outlive the run.
                    killGroup()
                } else if let deadline, clock.now >= deadline {
                    timedOut = true
                    killGroup()
                } else if shouldStop() {
                    cancelled = true
                    killGroup()
                }
            }
            if let stopReadingAt, clock.now >= stopReadingAt {
                // Someone outside the group still holds a pipe; stop waiting for it.
                closeStream(&outputFD)
                closeStream(&errorFD)
            }
            if childExited && outputFD < 0 && errorFD < 0 {
                break
            }

            // Sleep until there is output or the poll interval has passed.
            // poll ignores entries whose fd is negative (already closed).
            var pollFDs = [
                pollfd(fd: outputFD, events: Int16(POLLIN), revents: 0),
                pollfd(fd: errorFD, events: Int16(POLLIN), revents: 0),
                pollfd(fd: exitFD, events: Int16(POLLIN), revents: 0),
                // Readable once the gate opens or is abandoned, which the top of the loop sees.
                pollfd(fd: heldInput >= 0 ? request.gate?.wakeDescriptor ?? -1 : -1, events: Int16(POLLIN), revents: 0),
            ]
            let waitMilliseconds: Int32 = (outputFD < 0 && errorFD < 0 && exitFD < 0) ? 5 : 20
            let ready = poll(&pollFDs, nfds_t(pollFDs.count), waitMilliseconds)
            if ready <= 0 {
                continue  // timeout, or EINTR: just go round again
            }
            if pollFDs[0].revents != 0 {
                readChunk(from: &outputFD, into: &standardOutput, buffer: buffer)
            }
            if pollFDs[1].revents != 0 {
                readChunk(from: &errorFD, into: &standardError, buffer: buffer)
            }
        }

        var signaled: Int32 = 0
        var value: Int32 = 0
        if cchildprocess_reap(pid, &signaled, &value) != 0 {
            // Only possible if someone else reaped our child; report it as killed.
            signaled = 1
            value = SIGKILL
        }

        return ChildProcessResult(
            termination: signaled != 0 ? .signaled(value) : .exited(value),
            standardOutput: standardOutput.text,
            standardError: standardError.text,
            droppedOutputBytes: standardOutput.droppedByteCount + standardError.droppedByteCount,
            timedOut: timedOut,
            cancelled: cancelled,
            duration: clock.now - startTime
        )
    }

    /// Reads once from a ready pipe; closes it (and sets it to -1) at end of file or on error.
    private static func readChunk(
        from fd: inout Int32,
        into stream: inout CapturedStream,
        buffer: UnsafeMutableRawBufferPointer
    ) {
        let count = read(fd, buffer.baseAddress, buffer.count)
        if count > 0 {
            stream.append(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
        } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
            close(fd)
            fd = -1
        }
    }

    /// Forks and execs the child through the C helper, turning a failure into a ``ChildProcessError``.
    private static func start(_ request: ChildProcessRequest, input: Int32) throws -> cchildprocess_started {
        guard request.executable.hasPrefix("/") else {
            throw ChildProcessError.couldNotStart(
                executable: request.executable,
                reason: "the path is not absolute"
            )
        }
        let arguments = CStringArray([request.executable] + request.arguments)
        let environment = CStringArray(
            request.environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        )
        let memoryLimit = Int64(request.memoryLimit ?? 0)

        var started = cchildprocess_started()
        // A program this process has just written (the checker copies one out of its cache)
        // can be held open for writing by a child another thread is forking at that moment,
        // until the child closes what it inherited; starting the program then fails with
        // "Text file busy". The holder lets go within microseconds, so such a start is tried
        // again for a while.
        var busyAttempts = 0
        var status: Int32
        repeat {
            status = arguments.pointers.withUnsafeBufferPointer { argv in
                environment.pointers.withUnsafeBufferPointer { envp in
                    withOptionalCString(request.workingDirectory) { workingDirectory in
                        cchildprocess_start(
                            request.executable,
                            argv.baseAddress,
                            envp.baseAddress,
                            workingDirectory,
                            memoryLimit,
                            input,
                            &started
                        )
                    }
                }
            }
            busyAttempts += 1
        } while status != 0 && started.failed_step == CCHILDPROCESS_STEP_EXEC && started.error_number == ETXTBSY
            && busyAttempts < busyStartAttempts && usleep(2_000) == 0
        if status == 0 {
            return started
        }

        let reason = String(cString: strerror(started.error_number))
        switch started.failed_step {
        case CCHILDPROCESS_STEP_CHDIR:
            throw ChildProcessError.couldNotEnterWorkingDirectory(
                path: request.workingDirectory ?? "", reason: reason)
        case CCHILDPROCESS_STEP_PIPE:
            throw ChildProcessError.systemResourceUnavailable(operation: "creating pipes", reason: reason)
        case CCHILDPROCESS_STEP_FORK:
            throw ChildProcessError.systemResourceUnavailable(operation: "fork", reason: reason)
        case CCHILDPROCESS_STEP_RLIMIT:
            throw ChildProcessError.couldNotStart(
                executable: request.executable, reason: "could not apply the memory limit: \(reason)")
        default:
            throw ChildProcessError.couldNotStart(executable: request.executable, reason: reason)
        }
    }
}

/// Calls `body` with a C string for `string`, or with `nil` when `string` is `nil`.
private func withOptionalCString<Result>(
    _ string: String?,
    _ body: (UnsafePointer<CChar>?) -> Result
) -> Result {
    if let string {
        return string.withCString { body($0) }
    }
    return body(nil)
}
