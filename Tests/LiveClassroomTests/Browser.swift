import Foundation

/// Headless Chromium (or Firefox) showing a page, read through its remote port by
/// `Fixtures/browse.py` (`--dump-dom` cannot: the dashboard's event stream never ends, and
/// headless Chromium's virtual time stands still while a request is open).
final class Browser: @unchecked Sendable {
    private let process = Process()
    private let output = Pipe()
    private var buffer = ""
    /// The page's HTML once `waitFor` matched.
    private(set) var dom = ""

    static var script: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/browse.py")
    }

    /// Opens `url` and returns once `waitFor` (a CSS selector) matches; with `thenWaitFor` the
    /// browser goes on watching for that selector (see `waitForSecondSelector`).
    init(_ url: String, waitFor: String, thenWaitFor: String? = nil, screenshot: URL? = nil, firefox: Bool = false) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [Self.script.path, url, "--wait-for", waitFor, "--timeout", "180"]
            + (thenWaitFor.map { ["--then-wait-for", $0] } ?? []) + (screenshot.map { ["--screenshot", $0.path] } ?? [])
            + (firefox ? ["--firefox"] : [])
        process.standardOutput = output
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        guard let page = readUntil("READY\n") else {
            process.waitUntilExit()
            throw Failure(description: "The browser did not show \(waitFor): \(String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)) \(buffer.suffix(2000))")
        }
        dom = page
    }

    /// When the second selector matched, as the browser's clock saw it; nil when it never did.
    func waitForSecondSelector() -> Date? {
        defer { process.waitUntilExit() }
        guard let line = readUntil("\n"), line.hasPrefix("SEEN "), let milliseconds = Double(line.dropFirst(5).trimmingCharacters(in: .whitespacesAndNewlines)) else {
            return nil
        }
        return Date(timeIntervalSince1970: milliseconds / 1000)
    }

    private func readUntil(_ marker: String) -> String? {
        while !buffer.contains(marker) {
            let data = output.fileHandleForReading.availableData
            if data.isEmpty { return nil }
            buffer += String(decoding: data, as: UTF8.self)
        }
        let range = buffer.range(of: marker)!
        let text = String(buffer[..<range.lowerBound])
        buffer = String(buffer[range.upperBound...])
        return text
    }

    deinit {
        if process.isRunning { process.terminate() }
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }
}
