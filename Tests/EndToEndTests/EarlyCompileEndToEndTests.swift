import ChildProcess
import DojoTestSupport
import Foundation
import Testing

/// `didojo check ID` from the command line starts the compile of the learner's file before it
/// loads the lesson, from how the last check compiled it (see `EarlyCompile`), and takes it
/// over only when it is the compile the check needs: with the real binary, compiler and files.
@Suite(.timeLimit(.minutes(10))) struct EarlyCompileEndToEndTests {
    static let solution = Didojo.lessonsFolder.appendingPathComponent("01-no-di/exercises/1/solution.swift")

    /// Runs `didojo check no-di.1` with a trace: its result and what the trace says of the early compile.
    func check(_ didojo: Didojo) async throws -> (result: ChildProcessResult, early: [String]) {
        let trace = didojo.home.url.appendingPathComponent("trace-\(UUID().uuidString).txt")
        var traced = didojo
        traced.extraEnvironment["DIDOJO_TRACE"] = trace.path
        let result = try await traced.run(["check", "no-di.1"])
        let lines = ((try? String(contentsOf: trace, encoding: .utf8)) ?? "").split(separator: "\n")
        return (result, lines.compactMap { line in line.range(of: "early compile").map { String(line[$0.lowerBound...]) } })
    }

    @Test func theNextCheckTakesOverTheCompileItStartedAndReportsAsItWouldHave() async throws {
        var didojo = try Didojo()
        let scratch = try didojo.watchedTemporaryFolder("early-compile")
        let solution = try String(contentsOf: Self.solution, encoding: .utf8)

        let first = try await check(didojo)
        #expect(first.result.termination == .exited(1), "the starter fails: \(first.result.standardOutput)")
        #expect(first.early.isEmpty, "no check of no-di.1 before it, so nothing to start from: \(first.early)")

        try solution.write(to: didojo.noDI1File, atomically: true, encoding: .utf8)
        let second = try await check(didojo)
        #expect(second.result.termination == .exited(0), "the solution passes: \(second.result.standardOutput)")
        #expect(second.early == ["early compile started", "early compile adopted"], "\(second.early)")

        // Checked again unchanged: the compiled code is kept, and the early compile stopped at once.
        let again = try await check(didojo)
        #expect(again.result.termination == .exited(0))
        #expect(again.early == ["early compile started", "early compile not needed"], "\(again.early)")

        // A compile error, found by the early compile, is reported on the learner's own line.
        let broken = solution.replacingOccurrences(of: "}\n", with: "}\nlet broken: Int = \"text\"\n", options: [], range: solution.range(of: "}\n"))
        try broken.write(to: didojo.noDI1File, atomically: true, encoding: .utf8)
        let brokenLine = broken.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.hasPrefix("let broken") }! + 1
        let third = try await check(didojo)
        #expect(third.result.termination == .exited(1))
        #expect(third.early == ["early compile started", "early compile adopted"], "\(third.early)")
        #expect(third.result.standardOutput.contains("does not compile yet"), "\(third.result.standardOutput)")
        #expect(third.result.standardOutput.contains("SocialPresenter.swift:\(brokenLine):"), "\(third.result.standardOutput)")

        // A set-up error after the early compile started (no compiler to check with): it goes too.
        var noCompiler = didojo
        noCompiler.extraEnvironment["DIDOJO_SWIFTC"] = didojo.home.url.appendingPathComponent("no-swiftc").path
        let fourth = try await check(noCompiler)
        #expect(fourth.result.termination == .exited(2), "\(fourth.result.standardError)")
        #expect(fourth.early.first == "early compile started", "\(fourth.early)")

        let left = try await CheckLeftovers.after(in: scratch.url)
        #expect(left.files.isEmpty, "left behind: \(left.files)")
        #expect(left.processes.isEmpty, "still running: \(left.processes)")
    }

    /// Two workspaces, one cache: the recipe the first kept compiles the first's file, which is
    /// not the second's, so the second's check stops it and compiles its own.
    @Test func aCompileOfAnotherFileIsStoppedAndTheCheckIsOfTheLearnersOwn() async throws {
        var passing = try Didojo()
        var failing = try Didojo()
        let cache = try TemporaryFolder("early-compile-shared-cache")
        passing.extraEnvironment["XDG_CACHE_HOME"] = cache.url.path
        failing.extraEnvironment["XDG_CACHE_HOME"] = cache.url.path
        let scratch = try failing.watchedTemporaryFolder("early-compile-other")

        _ = try await check(passing)
        try String(contentsOf: Self.solution, encoding: .utf8).write(to: passing.noDI1File, atomically: true, encoding: .utf8)
        #expect(try await check(passing).result.termination == .exited(0))

        let other = try await check(failing)
        #expect(other.result.termination == .exited(1), "its own file, the starter, fails: \(other.result.standardOutput)")
        #expect(other.early == ["early compile started", "early compile refused: another compile"], "\(other.early)")
        let left = try await CheckLeftovers.after(in: scratch.url)
        #expect(left.files.isEmpty, "left behind: \(left.files)")
        #expect(left.processes.isEmpty, "still running: \(left.processes)")
    }
}
