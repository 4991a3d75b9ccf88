import ChildProcess

/// A request that runs `script` with `/bin/sh -c`, with a minimal PATH.
func shell(
    _ script: String,
    environment: [String: String] = [:],
    workingDirectory: String? = nil,
    timeout: Duration? = .seconds(30),
    outputLimit: Int = ChildProcessRequest.defaultOutputLimit,
    gate: ChildProcessGate? = nil
) -> ChildProcessRequest {
    ChildProcessRequest(
        executable: "/bin/sh",
        arguments: ["-c", script],
        environment: ["PATH": "/usr/bin:/bin"].merging(environment) { _, new in new },
        workingDirectory: workingDirectory,
        timeout: timeout,
        outputLimit: outputLimit,
        gate: gate
    )
}
