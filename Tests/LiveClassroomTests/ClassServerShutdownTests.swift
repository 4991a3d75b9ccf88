import DojoTestSupport
import Foundation
import Synchronization
import Testing

/// Ctrl-C (and SIGTERM, what a service manager sends) stops the real `didojo-class` while a
/// dashboard's event stream is open: the graceful shutdown ends the stream instead of waiting
/// on it. How fast is the benchmark's business (`Benchmarks/class_load.py`, under 2 s); this
/// only asserts that it ends, within a limit a loaded machine keeps.
@Suite(.serialized) struct ClassServerShutdownTests {
    @Test(arguments: [SIGINT, SIGTERM])
    func theServerStopsWithADashboardsStreamOpen(signal: Int32) async throws {
        let home = try TemporaryFolder("live-class-shutdown")
        let server = ClassServerProcess(folder: home.url)
        try server.start(lessons: Didojo.lessonsFolder)
        defer { server.kill() }
        let stream = try OpenStream(server.url + "/api/stream", token: ClassServerProcess.teacherToken)
        defer { stream.close() }
        #expect(try await stream.waitFor("event: room", seconds: 60), "the dashboard's stream is open: \(stream.text.prefix(300))")

        let status = try await server.stop(signal, within: 60)
        #expect(status == 0, "the server ended by itself, with status 0 (nil: still running after 60 s)")
        #expect(try await stream.waitForEnd(seconds: 30), "and the stream was ended, not left hanging")
    }

    /// `curl -N` reading a stream as a dashboard's `EventSource` does.
    final class OpenStream: Sendable {
        private let process = SpawnedProcess()
        private let output = Pipe()
        private let received = Mutex("")

        convenience init(_ url: String, token: String) throws {
            try self.init(url, headers: ["Authorization: Bearer " + token])
        }

        init(_ url: String, headers: [String]) throws {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
            process.arguments = ["-sN"] + headers.flatMap { ["-H", $0] } + [url]
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            output.fileHandleForReading.readabilityHandler = { [weak self] handle in
                let data = handle.availableData
                guard let self, !data.isEmpty else { return }
                self.received.withLock { $0 += String(decoding: data, as: UTF8.self) }
            }
            try process.run()
        }

        var text: String { received.withLock { $0 } }

        func waitFor(_ marker: String, seconds: Double) async throws -> Bool {
            let deadline = Date().addingTimeInterval(seconds)
            while !text.contains(marker), process.isRunning, Date() < deadline { try await Task.sleep(for: .milliseconds(20)) }
            return text.contains(marker)
        }

        /// True once curl has seen the server end the stream (it then exits).
        func waitForEnd(seconds: Double) async throws -> Bool {
            let deadline = Date().addingTimeInterval(seconds)
            while process.isRunning, Date() < deadline { try await Task.sleep(for: .milliseconds(20)) }
            return !process.isRunning
        }

        func close() {
            output.fileHandleForReading.readabilityHandler = nil
            // SIGKILL: a process started from a test's thread inherits its blocked SIGTERM.
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        }
    }
}
