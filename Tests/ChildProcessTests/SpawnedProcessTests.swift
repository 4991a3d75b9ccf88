import DojoTestSupport
import Foundation
import Testing

import Glibc

/// The tests' own way to start a program (servers, browsers, compilers they drive): it gets
/// exactly the streams it was given, and starting it cannot crash the test process however many
/// descriptors are open, which Foundation's `Process.run()` could (see ``SpawnedProcess``).
@Suite(.timeLimit(.minutes(1))) struct SpawnedProcessTests {
    /// Runs `/bin/sh -c script` and returns its exit status and what it printed.
    private func shell(_ script: String, configure: (SpawnedProcess) -> Void = { _ in }) throws -> (status: Int32, output: String) {
        let process = SpawnedProcess()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script]
        let output = Pipe()
        process.standardOutput = output
        configure(process)
        try process.run()
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: printed, as: UTF8.self))
    }

    @Test func theOutputTheFolderTheEnvironmentAndTheExitStatusAreTheProgramsOwn() throws {
        let folder = try TemporaryFolder("spawned")
        defer { folder.remove() }
        let marker = UUID().uuidString
        let (status, output) = try shell("pwd; echo \"$MARKER\"; exit 7") { process in
            process.currentDirectoryURL = folder.url
            process.environment = ["MARKER": marker, "PATH": "/usr/bin:/bin"]
        }
        #expect(status == 7)
        let realFolder = folder.url.resolvingSymlinksInPath().path
        #expect(output == "\(realFolder)\n\(marker)\n")
    }

    @Test func aKillingSignalIsReportedAsTheSignal() throws {
        let process = SpawnedProcess()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "kill -TERM $$; sleep 5"]
        try process.run()
        process.waitUntilExit()
        #expect(!process.isRunning)
        #expect(process.wasSignaled)
        #expect(process.terminationStatus == SIGTERM)
    }

    @Test func itRunsUntilItEndsAndInAProcessGroupOfItsOwn() throws {
        let process = SpawnedProcess()
        process.executableURL = URL(fileURLWithPath: "/bin/sleep")
        process.arguments = ["30"]
        process.standardInput = nil
        try process.run()
        #expect(process.isRunning)
        #expect(getpgid(process.processIdentifier) == process.processIdentifier)
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(!process.isRunning)
        #expect(process.terminationStatus == SIGKILL)
    }

    @Test func standardInputFromAPipeAndNilMeansTheNullDevice() throws {
        let input = Pipe()
        let output = Pipe()
        let process = SpawnedProcess()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "cat; readlink /proc/$$/fd/2"]
        process.standardInput = input
        process.standardOutput = output
        process.standardError = nil
        try process.run()
        // The child holds no copy of the writing end: once the test closes its own, the child
        // reads end of file after what was written (else `cat` would wait for ever).
        try input.fileHandleForWriting.write(contentsOf: Data("typed\n".utf8))
        try input.fileHandleForWriting.close()
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(String(decoding: printed, as: UTF8.self) == "typed\n/dev/null\n")
    }

    @Test func aProgramThatIsNotThereCannotStart() {
        let process = SpawnedProcess()
        process.executableURL = URL(fileURLWithPath: "/nonexistent/didojo-demos")
        #expect(throws: SpawnedProcessError.self) { try process.run() }
        #expect(!process.isRunning)
    }

    /// With thousands of descriptors open in the test process (a whole suite's checks at
    /// once), a program still starts, and inherits none of them: Foundation's `Process.run()`
    /// read /proc/self/fd in a way that could crash there.
    @Test func manyOpenDescriptorsAreNeitherReadNorInherited() throws {
        var limit = rlimit()
        getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit)
        let pipes = 1_500
        let needed = rlim_t(2 * pipes + 512)
        if limit.rlim_cur < needed {
            #expect(limit.rlim_max >= needed, "this machine allows \(limit.rlim_max) open descriptors; the test needs \(needed)")
            limit.rlim_cur = min(limit.rlim_max, needed)
            setrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit)
        }
        var opened: [Int32] = []
        defer { opened.forEach { close($0) } }
        for _ in 0..<pipes {
            var ends: [Int32] = [0, 0]
            // Without close-on-exec, as Foundation's `Pipe` makes them: only the spawn's own
            // closing keeps them from the child.
            guard pipe(&ends) == 0 else { break }
            opened += ends
        }
        #expect(opened.count == 2 * pipes)
        for _ in 0..<5 {
            let (status, output) = try shell("ls /proc/$$/fd")
            #expect(status == 0)
            #expect(output.split(separator: "\n").sorted() == ["0", "1", "2"], "the program inherited descriptors: \(output)")
        }
    }

    /// Every test starts its programs this way: one use of Foundation's `Process` in the test
    /// process is enough for the crash, in whichever test happens to start a program while the
    /// descriptors are many. The fault-injection fixtures are exempt: they are a learner's code,
    /// run by the checker in a process of their own.
    @Test func noTestStartsAProgramWithFoundationsProcess() throws {
        let files = try TestSources.files()
        #expect(files.count > 100, "the tests' sources were not found beside \(#filePath)")
        let foundationsProcess = /(^|[^A-Za-z_.])Process(\(\)|\.run\()/
        // Code only: comments may name it.
        let offenders = try TestSources.offenders(among: files) { $0.contains(foundationsProcess) }
        #expect(offenders.isEmpty, "start programs with SpawnedProcess instead: \(offenders.map { $0.lastPathComponent })")
    }
}
