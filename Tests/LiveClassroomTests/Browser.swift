import DojoTestSupport
import Foundation
import Synchronization

/// Headless Chromium (or Firefox) showing a page, read through its remote port by
/// `Fixtures/browse.py` (`--dump-dom` cannot: the dashboard's event stream never ends, and
/// headless Chromium's virtual time stands still while a request is open).
final class Browser: Sendable {
    private struct State {
        var buffer = ""
        var dom = ""
        var report: String?
        var dialogs: [String] = []
        var finalReport: String?
    }

    private let process = SpawnedProcess()
    private let output = Pipe()
    private let state = Mutex(State())
    /// The page's HTML once `waitFor` matched.
    var dom: String { state.withLock { $0.dom } }
    /// The value of `report` (JSON), evaluated in the page once `waitFor` matched.
    var report: String? { state.withLock { $0.report } }
    /// What the page asked in its confirm() dialogs (each answered OK), by `waitForSecondSelector`.
    var dialogs: [String] { state.withLock { $0.dialogs } }
    /// The value of `finalReport` (JSON), evaluated once the second selector matched, read by
    /// `waitForSecondSelector`.
    var finalReport: String? { state.withLock { $0.finalReport } }

    static var script: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/browse.py")
    }

    /// Opens `url` and returns once `waitFor` (a CSS selector) matches; with `thenWaitFor` the
    /// browser goes on watching for that selector (see `waitForSecondSelector`).
    init(
        _ url: String, waitFor: String, thenWaitFor: String? = nil, screenshot: URL? = nil, firefox: Bool = false,
        viewport: (width: Int, height: Int)? = nil, report: String? = nil, setFile: (selector: String, file: URL)? = nil, click: String? = nil,
        clicks: [String] = [], clickScreenshots: URL? = nil, finalScreenshot: URL? = nil, finalReport: String? = nil,
        initScript: String? = nil
    ) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        var arguments: [String] = [Self.script.path, url, "--wait-for", waitFor, "--timeout", "180"]
        if let thenWaitFor { arguments += ["--then-wait-for", thenWaitFor] }
        if let screenshot { arguments += ["--screenshot", screenshot.path] }
        if firefox { arguments.append("--firefox") }
        if let viewport { arguments += ["--viewport", "\(viewport.width)x\(viewport.height)"] }
        if let report { arguments += ["--report", report] }
        if let setFile { arguments += ["--set-file", setFile.selector, setFile.file.path] }
        for selector in (click.map { [$0] } ?? []) + clicks { arguments += ["--click", selector] }
        if let clickScreenshots { arguments += ["--click-screenshots", clickScreenshots.path] }
        if let finalScreenshot { arguments += ["--final-screenshot", finalScreenshot.path] }
        if let finalReport { arguments += ["--final-report", finalReport] }
        if let initScript { arguments += ["--init-script", initScript] }
        process.arguments = arguments
        // The browser's profile goes in the test process's folder: a browser stopped with
        // SIGKILL never reaches the script's own removal of it.
        process.environment = ProcessInfo.processInfo.environment.merging(["TMPDIR": TestRunFolder.url.path]) { $1 }
        process.standardOutput = output
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        guard let page = readUntil("READY\n") else {
            process.waitUntilExit()
            let seen = state.withLock { $0.buffer.suffix(2000) }
            throw Failure(description: "The browser did not show \(waitFor): \(String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)) \(seen)")
        }
        state.withLock {
            if let range = page.range(of: "\nREPORT ", options: .backwards) {
                $0.dom = String(page[..<range.lowerBound])
                $0.report = String(page[range.upperBound...]).trimmingCharacters(in: .whitespacesAndNewlines)
            } else {
                $0.dom = page
            }
        }
    }

    /// Returns once the browser has made its clicks (true), or ended (false).
    func waitForClicks() -> Bool {
        while let line = readUntil("\n") {
            if line == "CLICKED" { return true }
            noteDialog(line)
        }
        return false
    }

    private func noteDialog(_ line: String) {
        if line.hasPrefix("DIALOG "), let message = try? JSONDecoder().decode(String.self, from: Data(line.dropFirst(7).utf8)) {
            state.withLock { $0.dialogs.append(message) }
        }
    }

    /// When the second selector matched, as the browser's clock saw it; nil when it never did.
    func waitForSecondSelector() -> Date? {
        defer { process.waitUntilExit() }
        while let line = readUntil("\n") {
            if line.hasPrefix("DIALOG ") || line == "CLICKED" {
                noteDialog(line)
                continue
            }
            guard line.hasPrefix("SEEN "), let milliseconds = Double(line.dropFirst(5).trimmingCharacters(in: .whitespacesAndNewlines)) else {
                return nil
            }
            if let final = readUntil("\n"), final.hasPrefix("FINAL ") { state.withLock { $0.finalReport = String(final.dropFirst(6)) } }
            return Date(timeIntervalSince1970: milliseconds / 1000)
        }
        return nil
    }

    private func readUntil(_ marker: String) -> String? {
        while !state.withLock({ $0.buffer.contains(marker) }) {
            // Read outside the lock: the read blocks until the browser writes.
            let data = output.fileHandleForReading.availableData
            if data.isEmpty { return nil }
            state.withLock { $0.buffer += String(decoding: data, as: UTF8.self) }
        }
        return state.withLock { state in
            let range = state.buffer.range(of: marker)!
            let text = String(state.buffer[..<range.lowerBound])
            state.buffer = String(state.buffer[range.upperBound...])
            return text
        }
    }

    deinit {
        // SIGKILL: a process started from a test's thread inherits its blocked SIGTERM.
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }
}
