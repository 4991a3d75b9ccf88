import CChildProcess

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Starts a request's program under a reaper of its own through the C helper, turning a
/// failure into a ``ChildProcessError``.
enum ChildProcessStart {
    /// How often a start that fails with "Text file busy" is tried (2 ms apart; see `start`).
    static let busyStartAttempts = 250

    /// Starts the program with `input` as its standard input (-1: /dev/null).
    static func start(_ request: ChildProcessRequest, input: Int32) throws -> cchildprocess_started {
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
        var limits = cchildprocess_limits(
            memory_bytes: Int64(request.memoryLimit ?? 0),
            file_size_bytes: Int64(request.fileSizeLimit ?? 0),
            extra_processes: Int64(request.additionalProcessLimit ?? 0)
        )

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
                            &limits,
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
        case CCHILDPROCESS_STEP_PIPE, CCHILDPROCESS_STEP_REDIRECT:
            throw ChildProcessError.systemResourceUnavailable(operation: "creating pipes", reason: reason)
        case CCHILDPROCESS_STEP_FORK:
            throw ChildProcessError.systemResourceUnavailable(operation: "fork", reason: reason)
        case CCHILDPROCESS_STEP_SUPERVISE:
            throw ChildProcessError.systemResourceUnavailable(
                operation: "becoming the reaper of its processes (PR_SET_CHILD_SUBREAPER)", reason: reason)
        case CCHILDPROCESS_STEP_RLIMIT:
            throw ChildProcessError.couldNotStart(
                executable: request.executable, reason: "could not apply the resource limits: \(reason)")
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
