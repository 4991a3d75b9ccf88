import CChildProcess

import Glibc

/// Starts a request's program under a reaper of its own through the C helper, turning a
/// failure into a ``ChildProcessError``.
enum ChildProcessStart {
    /// Starts the program with `input` as its standard input (-1: /dev/null).
    static func start(_ request: ChildProcessRequest, input: Int32) throws -> cchildprocess_started {
        guard request.executable.hasPrefix("/") else {
            throw ChildProcessError.couldNotStart(
                executable: request.executable,
                reason: "the path is not absolute"
            )
        }
        let arguments = CStringArray([request.executable] + request.arguments)
        let environment = environmentStrings(of: request)
        var limits = limits(of: request)

        let readable = request.confinement.map { CStringArray($0.readable) }
        let writable = request.confinement.map { CStringArray($0.writable) }

        var started = cchildprocess_started()
        let status = arguments.pointers.withUnsafeBufferPointer { argv in
            environment.pointers.withUnsafeBufferPointer { envp in
                withOptionalCString(request.workingDirectory) { workingDirectory in
                    withConfinement(readable: readable, writable: writable) { confinement in
                        cchildprocess_start(
                            request.executable,
                            argv.baseAddress,
                            envp.baseAddress,
                            workingDirectory,
                            &limits,
                            input,
                            confinement,
                            &started
                        )
                    }
                }
            }
        }
        if status == 0 {
            return started
        }
        throw error(of: started, request)
    }

    /// Starts the request as a run of its fork server (see ``ChildProcessRequest/forkServer``),
    /// with `input` as its standard input (-1: /dev/null).
    static func startForked(_ request: ChildProcessRequest, in server: ForkServerConnection, input: Int32) throws -> cchildprocess_started {
        guard let workingDirectory = request.workingDirectory else {
            throw ChildProcessError.couldNotStart(executable: request.executable, reason: "a fork server's run needs a folder of its own")
        }
        let environment = environmentStrings(of: request)
        var limits = limits(of: request)
        let readable = request.confinement.map { CStringArray($0.readable) }
        let writable = request.confinement.map { _ in CStringArray([]) }
        var started = cchildprocess_started()
        let status = environment.pointers.withUnsafeBufferPointer { envp in
            withConfinement(readable: readable, writable: writable) { confinement in
                server.exchange { socket in
                    cchildprocess_start_forked(socket, workingDirectory, envp.baseAddress, &limits, input, confinement, &started)
                }
            }
        }
        if status == 0 {
            return started
        }
        throw error(of: started, request)
    }

    /// The request's variables as "NAME=value" strings, in a stable order.
    private static func environmentStrings(of request: ChildProcessRequest) -> CStringArray {
        CStringArray(request.environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" })
    }

    /// The request's limits as the C helper takes them.
    private static func limits(of request: ChildProcessRequest) -> cchildprocess_limits {
        cchildprocess_limits(
            memory_bytes: Int64(request.memoryLimit ?? 0),
            file_size_bytes: Int64(request.fileSizeLimit ?? 0),
            extra_processes: Int64(request.additionalProcessLimit ?? 0),
            niceness: request.niceness
        )
    }

    /// The error of a start that failed, in words.
    private static func error(of started: cchildprocess_started, _ request: ChildProcessRequest) -> ChildProcessError {
        let reason = String(cString: strerror(started.error_number))
        switch started.failed_step {
        case CCHILDPROCESS_STEP_CHDIR:
            return ChildProcessError.couldNotEnterWorkingDirectory(
                path: request.workingDirectory ?? "", reason: reason)
        case CCHILDPROCESS_STEP_PIPE, CCHILDPROCESS_STEP_REDIRECT:
            return ChildProcessError.systemResourceUnavailable(operation: "creating pipes", reason: reason)
        case CCHILDPROCESS_STEP_FORK:
            return ChildProcessError.systemResourceUnavailable(operation: "fork", reason: reason)
        case CCHILDPROCESS_STEP_SUPERVISE:
            return ChildProcessError.systemResourceUnavailable(
                operation: "becoming the reaper of its processes (PR_SET_CHILD_SUBREAPER)", reason: reason)
        case CCHILDPROCESS_STEP_CONFINE:
            return ChildProcessError.couldNotStart(
                executable: request.executable, reason: "could not confine it (Landlock, seccomp): \(reason)")
        case CCHILDPROCESS_STEP_RLIMIT:
            return ChildProcessError.couldNotStart(
                executable: request.executable, reason: "could not apply the resource limits: \(reason)")
        default:
            return ChildProcessError.couldNotStart(executable: request.executable, reason: reason)
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

/// Calls `body` with the C form of a confinement's two lists, or with `nil` when there is none.
private func withConfinement<Result>(
    readable: CStringArray?, writable: CStringArray?,
    _ body: (UnsafePointer<cchildprocess_confinement>?) -> Result
) -> Result {
    guard let readable, let writable else { return body(nil) }
    return readable.pointers.withUnsafeBufferPointer { readablePaths in
        writable.pointers.withUnsafeBufferPointer { writablePaths in
            readablePaths.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: readablePaths.count) { r in
                writablePaths.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: writablePaths.count) { w in
                    var confinement = cchildprocess_confinement(readable: r, writable: w)
                    return body(&confinement)
                }
            }
        }
    }
}
