import DojoTestSupport
import Foundation
import Testing

/// Lesson 10's `run` through the real binaries: its async work runs on the main actor of
/// didojo-demos, whose main thread turns the run loop until it is done (no test of the module
/// can do that part: it needs the process's main thread).
@Suite struct ConcurrencyDemoRunTests {
    @Test func runConcurrencyTraceShowsWhichTasksKeptTheTrace() async throws {
        let result = try await Didojo().run(["run", "concurrency", "--part", "trace"])
        #expect(result.termination == .exited(0))
        #expect(result.standardOutput.contains("share-42 · from a task group's child"))
        #expect(result.standardOutput.contains("no trace · from Task.detached"))
        #expect(result.standardError.isEmpty)
    }

    @Test func runConcurrencySharesThroughTheRetryAndDrawsTheSheet() async throws {
        let result = try await Didojo().run(["run", "concurrency", "--failures", "1", "--text", "Sent by the end-to-end test"])
        #expect(result.termination == .exited(0))
        #expect(result.standardOutput.contains("(the clock waits 100 ms)"))
        #expect(result.standardOutput.contains("sent: Sent by the end-to-end test"))
        #expect(result.standardError.isEmpty)
    }
}
