import ChildProcess
import Foundation
import Testing
import DojoTestSupport

/// The benchmark's trace (`DIDOJO_TRACE`): moments on the monotonic clock, one line each, and
/// the launcher that marks each child's start and end, tried on real children.
@Suite struct PhaseTraceTests {
    private func temporaryTraceFile() -> URL {
        TestRunFolder.url.appendingPathComponent(TestRunFolder.uniqueName("didojo-trace") + ".txt")
    }

    private func lines(of file: URL) throws -> [[Substring]] {
        try String(contentsOf: file, encoding: .utf8).split(separator: "\n").map { $0.split(separator: " ", maxSplits: 2) }
    }

    @Test func eachMomentIsALineWithTheMonotonicClockThePidAndWhatHappened() throws {
        let file = temporaryTraceFile()
        defer { try? FileManager.default.removeItem(at: file) }
        let trace = PhaseTrace.from(environment: [PhaseTrace.variable: file.path])
        #expect(trace.isOn)
        let before = DispatchTime.now().uptimeNanoseconds  // CLOCK_MONOTONIC on Linux
        trace.mark("first moment")
        trace.mark("second moment")
        let after = DispatchTime.now().uptimeNanoseconds

        let moments = try lines(of: file)
        #expect(moments.map { String($0[2]) } == ["first moment", "second moment"])
        #expect(moments.allSatisfy { $0[1] == "\(getpid())" })
        let times = moments.map { UInt64($0[0]) ?? 0 }
        #expect(times[0] >= before && times[0] <= times[1] && times[1] <= after)
    }

    @Test func withoutTheVariableOrWithAFileThatCannotBeOpenedNothingIsRecorded() {
        #expect(!PhaseTrace.from(environment: [:]).isOn)
        #expect(!PhaseTrace.from(environment: [PhaseTrace.variable: ""]).isOn)
        #expect(!PhaseTrace.from(environment: [PhaseTrace.variable: "/nonexistent-folder-\(UUID())/trace.txt"]).isOn)
    }

    @Test func theTracingLauncherMarksEachRealChildByItsProgramAndOutput() async throws {
        let file = temporaryTraceFile()
        defer { try? FileManager.default.removeItem(at: file) }
        let launcher = TracingLauncher(ChildProcessLauncher(clock: ContinuousClock()), trace: PhaseTrace.from(environment: [PhaseTrace.variable: file.path]))
        let output = "out-\(UUID().uuidString).txt"
        let result = try await launcher.run(ChildProcessRequest(
            executable: "/bin/sh", arguments: ["-c", "echo $0", "-o", "/tmp/\(output)"], environment: [:],
            workingDirectory: nil, timeout: .seconds(60), outputLimit: 1000, memoryLimit: nil
        ))
        #expect(result.standardOutput == "-o\n")
        #expect(try lines(of: file).map { String($0[2]) } == ["start sh \(output)", "end sh \(output)"])
    }
}
