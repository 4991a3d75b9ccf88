import DojoTestSupport
import Foundation
import Testing

/// The script that drives the real browser for the dashboard's tests (`Fixtures/browse.py`):
/// a test reads its output to the end, so the script must end whatever the browser does.
@Suite(.timeLimit(.minutes(10))) struct BrowseScriptTests {
    /// A page that never shows what is waited for, with a long wait: the script gives up at its
    /// own limit, says so, and leaves no browser behind.
    @Test func itEndsAtItsOwnLimitWhileItWaitsForThePage() async throws {
        try await expectToGiveUp(browser: nil)
    }

    /// A browser that never opens its remote port (a stand-in that only sleeps): the script's
    /// retries while a browser starts must not swallow its own limit.
    @Test func itEndsAtItsOwnLimitWhileTheBrowserDoesNotAnswer() async throws {
        try await expectToGiveUp(browser: "exec sleep 300")
    }

    /// Runs the script on a page that never shows `#never`, with `browser` (a shell script's body) as the
    /// `chromium` it finds when given, and expects it to give up after 3 s.
    func expectToGiveUp(browser: String?) async throws {
        // The browser's profile is made here, so its command line carries this folder's path.
        let profiles = try TemporaryFolder("browse-give-up")
        var environment = ProcessInfo.processInfo.environment.merging(["TMPDIR": profiles.url.path]) { $1 }
        if let browser {
            let bin = profiles.url.appendingPathComponent("bin")
            try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
            try ExecutableFile.writeScript(browser, to: bin.appendingPathComponent("chromium"))
            environment["PATH"] = bin.path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        }
        let process = SpawnedProcess()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [
            Browser.script.path, "data:text/html,<p>nothing here</p>", "--wait-for", "#never", "--timeout", "300", "--give-up-after", "3",
        ]
        process.environment = environment
        let errors = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        let started = ContinuousClock.now
        try process.run()
        let said = try await onThreadOfItsOwn { String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self) }
        process.waitUntilExit()
        let took = started.duration(to: .now)
        #expect(process.terminationStatus != 0)
        #expect(said.contains("browse.py gave up after 3 s"), "\(said.suffix(600))")
        #expect(took < .seconds(60), "ended at its limit (3 s), not the wait's 300 s: \(took)")
        #expect(ProcessTable.processes(carrying: profiles.url.path).isEmpty, "no browser is left running")
    }
}
