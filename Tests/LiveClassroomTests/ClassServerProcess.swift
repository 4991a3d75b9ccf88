import ClassProtocol
import ClassServer
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The real `didojo-class` binary, built beside this test program, serving a class from a file
/// in `folder` on a loopback port; started with Foundation's `Process` because it is meant to
/// go on running while the test drives learners against it.
final class ClassServerProcess: @unchecked Sendable {
    static let teacherToken = "live-teacher-token"
    static let joinCode = "K7QD-P2XM"

    let folder: URL
    private(set) var port = 0
    private var process: Process?
    private var output = ""

    init(folder: URL) {
        self.folder = folder
    }

    var url: String { "http://127.0.0.1:\(port)" }
    var storeFile: URL { folder.appendingPathComponent("class.sqlite") }

    static var executable: URL {
        URL(fileURLWithPath: try! FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            .deletingLastPathComponent().appendingPathComponent("didojo-class")
    }

    /// Starts the server (on the port it had, when started before) and waits for its banner.
    func start(lessons: URL) throws {
        let process = Process()
        process.executableURL = Self.executable
        process.arguments = [
            "serve", "--port", String(port), "--store", storeFile.path, "--lessons", lessons.path,
            "--teacher-token", Self.teacherToken, "--join-code", Self.joinCode, "--class-name", "Live test",
        ]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        self.process = process
        let deadline = Date().addingTimeInterval(180)
        var text = ""
        while Date() < deadline, !text.contains("Learners type:") {
            let data = pipe.fileHandleForReading.availableData
            if data.isEmpty { break }
            text += String(decoding: data, as: UTF8.self)
        }
        output = text
        guard let range = text.range(of: #"http://127\.0\.0\.1:(\d+)/dashboard"#, options: .regularExpression) else {
            throw ServerFailure("didojo-class did not start: \(text)")
        }
        let address = text[range]
        port = Int(address.split(separator: ":")[2].split(separator: "/")[0])!
        // Keep reading, so that the server never blocks on a full pipe.
        pipe.fileHandleForReading.readabilityHandler = { handle in _ = handle.availableData }
    }

    /// Kills the server at once (SIGKILL): no chance to tidy anything.
    func kill() {
        guard let process else { return }
        Glibc.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        self.process = nil
    }

    /// Sends `signal` (SIGINT is Ctrl-C) and waits at most `seconds` for the server to end: its
    /// exit status, or nil when it is still running then (it is then killed).
    func stop(_ signal: Int32, within seconds: Double) async throws -> Int32? {
        guard let process else { return nil }
        Glibc.kill(process.processIdentifier, signal)
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning, Date() < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        guard !process.isRunning else {
            kill()
            return nil
        }
        self.process = nil
        return process.terminationStatus
    }

    deinit { kill() }

    /// The room as the teacher's dashboard gets it.
    func room(view: String? = nil) async throws -> RoomSnapshot {
        var request = URLRequest(url: URL(string: url + "/api/room" + (view.map { "?view=" + $0 } ?? ""))!)
        request.setValue("Bearer " + Self.teacherToken, forHTTPHeaderField: "Authorization")
        let (data, _) = try await URLSession.shared.data(for: request)
        return try ClassJSON.decoder().decode(RoomSnapshot.self, from: data)
    }

    /// Asks for the room until `condition` holds or `seconds` pass; the last room either way.
    func waitForRoom(seconds: Double, until condition: (RoomSnapshot) -> Bool) async throws -> RoomSnapshot {
        let deadline = Date().addingTimeInterval(seconds)
        var room = try await self.room()
        while !condition(room), Date() < deadline {
            try await Task.sleep(for: .milliseconds(200))
            room = try await self.room()
        }
        return room
    }

    /// Joins as a learner would, straight over HTTP.
    func join(name: String) async throws -> JoinAnswer {
        var request = URLRequest(url: URL(string: url + "/api/join")!)
        request.httpMethod = "POST"
        request.httpBody = try ClassJSON.encoder().encode(JoinRequest(code: Self.joinCode, name: name))
        let (data, _) = try await URLSession.shared.data(for: request)
        return try ClassJSON.decoder().decode(JoinAnswer.self, from: data)
    }

    /// The teacher's "Unlock for the room"; the answer's status.
    func unlock(_ lessonID: String) async throws -> Int {
        var request = URLRequest(url: URL(string: url + "/api/unlock")!)
        request.httpMethod = "POST"
        request.setValue("Bearer " + Self.teacherToken, forHTTPHeaderField: "Authorization")
        request.httpBody = Data(#"{"lesson":"\#(lessonID)"}"#.utf8)
        let (_, response) = try await URLSession.shared.data(for: request)
        return (response as? HTTPURLResponse)?.statusCode ?? 0
    }

    /// A teacher's POST with a JSON body; the answer's body.
    func teacherPost(_ path: String, body: String) async throws -> String {
        var request = URLRequest(url: URL(string: url + path)!)
        request.httpMethod = "POST"
        request.setValue("Bearer " + Self.teacherToken, forHTTPHeaderField: "Authorization")
        request.httpBody = Data(body.utf8)
        let (data, _) = try await URLSession.shared.data(for: request)
        return String(decoding: data, as: UTF8.self)
    }

    /// Sends a batch as a learner's courier does.
    static func post(_ batch: EventBatch, to url: String, token: String) async throws {
        var request = URLRequest(url: URL(string: url + "/api/events")!)
        request.httpMethod = "POST"
        request.setValue("Bearer " + token, forHTTPHeaderField: "Authorization")
        request.httpBody = try ClassJSON.encoder().encode(batch)
        let (_, response) = try await URLSession.shared.data(for: request)
        guard (response as? HTTPURLResponse)?.statusCode == 200 else { throw ServerFailure("the batch was refused: \(response)") }
    }

    struct ServerFailure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
