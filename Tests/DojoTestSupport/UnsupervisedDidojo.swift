import Foundation

import Glibc

/// The real `didojo`, started as a plain ``SpawnedProcess`` rather than with ``ChildProcess``'s
/// launcher, for tests of what happens when it is killed.
///
/// Under the launcher, `didojo` would run beneath a reaper of the test's own, which ends
/// everything `didojo` started the moment `didojo` dies: the test could not tell that from
/// `didojo`'s own protections. Started this way, whatever `didojo` leaves behind goes to init,
/// and only `didojo`'s own protections can end it.
package final class UnsupervisedDidojo {
    private let process = SpawnedProcess()
    /// Where its standard output and standard error go, for a failure message.
    private let outputFile: URL

    /// Starts `didojo` with `arguments`, standard input from /dev/null.
    package init(_ didojo: Didojo, arguments: [String]) throws {
        outputFile = didojo.home.url.appendingPathComponent("unsupervised-\(UUID().uuidString).txt")
        _ = FileManager.default.createFile(atPath: outputFile.path, contents: nil)
        let output = try FileHandle(forWritingTo: outputFile)
        defer { try? output.close() }
        process.executableURL = didojo.executable
        process.arguments = arguments
        process.environment = didojo.environment
        process.currentDirectoryURL = didojo.home.url
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = output
        try process.run()
    }

    /// Whether it is still running.
    package var isRunning: Bool { process.isRunning }

    package var processIdentifier: pid_t { process.processIdentifier }

    /// Waits until it has ended: whether a signal ended it, and which (or its exit status).
    package func waitUntilEnded() -> (signaled: Bool, status: Int32) {
        process.waitUntilExit()
        return (process.wasSignaled, process.terminationStatus)
    }

    /// What it printed so far, both streams.
    package var output: String {
        (try? String(contentsOf: outputFile, encoding: .utf8)) ?? ""
    }

    /// Kills it with SIGKILL, which it cannot catch, and waits until it has ended.
    package func kill() {
        Glibc.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}
