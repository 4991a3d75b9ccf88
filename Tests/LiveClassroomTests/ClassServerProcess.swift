import ClassProtocol
import ClassServer
import DojoTestSupport
import Foundation
import Synchronization
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The real `didojo-class` binary, built beside this test program, serving a class from a file
/// in `folder` on a loopback port; started as a ``SpawnedProcess`` (not under ``ChildProcess``'s
/// launcher, whose runs end with the call) because it is meant to go on running while the test
/// drives learners against it.
final class ClassServerProcess: Sendable {
    static let teacherToken = "live-teacher-token"
    static let joinCode = "K7QD-P2XM"

    let folder: URL
    /// What a start found out, and the running server.
    private struct State {
        var port = 0
        var process: SpawnedProcess?
        var printedSignInLink = ""
        var printedTeacherToken = ""
    }

    private let state = Mutex(State())
    var port: Int { state.withLock { $0.port } }
    private var process: SpawnedProcess? { state.withLock { $0.process } }
    /// The dashboard's sign-in link the server printed at its last start (`/signin#<code>`).
    var printedSignInLink: String { state.withLock { $0.printedSignInLink } }
    /// The token the server printed for the teacher.
    var printedTeacherToken: String { state.withLock { $0.printedTeacherToken } }

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
    func start(lessons: URL, workshop: URL? = nil, className: String = "Live test") throws {
        let process = SpawnedProcess()
        process.executableURL = Self.executable
        process.arguments = [
            "serve", "--port", String(port), "--store", storeFile.path, "--lessons", lessons.path,
            "--teacher-token", Self.teacherToken, "--join-code", Self.joinCode, "--class-name", className,
        ] + (workshop.map { ["--workshop", $0.path] } ?? [])
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        state.withLock { $0.process = process }
        let deadline = Date().addingTimeInterval(180)
        var text = ""
        while Date() < deadline, !text.contains("Ctrl-C stops the server") {
            guard let data = pipe.fileHandleForReading.availableData(before: deadline), !data.isEmpty else { break }
            text += String(decoding: data, as: UTF8.self)
        }
        guard let range = text.range(of: #"Teacher's dashboard: http://127\.0\.0\.1:\d+/signin#[A-Za-z0-9_-]+"#, options: .regularExpression),
              let token = text.range(of: #"Teacher's token [^:]*: \S+"#, options: .regularExpression)
        else {
            throw ServerFailure("didojo-class did not start: \(text)")
        }
        let link = String(text[range].dropFirst("Teacher's dashboard: ".count))
        state.withLock {
            $0.printedSignInLink = link
            $0.printedTeacherToken = String(text[token].split(separator: " ").last!)
            $0.port = Int(link.split(separator: ":")[2].split(separator: "/")[0])!
        }
        // Keep reading, so that the server never blocks on a full pipe.
        pipe.fileHandleForReading.readabilityHandler = { handle in _ = handle.availableData }
    }

    /// Kills the server at once (SIGKILL): no chance to tidy anything.
    func kill() {
        guard let process else { return }
        Glibc.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        state.withLock { $0.process = nil }
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
        state.withLock { $0.process = nil }
        return process.terminationStatus
    }

    deinit { kill() }

    /// A fresh one-time sign-in link for a browser, as the dashboard's "Sign in another
    /// browser" makes one.
    func signInLink() async throws -> String {
        let answer = try await request("POST", "/api/signin-code", headers: ["Authorization": "Bearer " + Self.teacherToken])
        guard answer.status == 200, let path = (try JSONSerialization.jsonObject(with: Data(answer.body.utf8)) as? [String: String])?["path"] else {
            throw ServerFailure("no sign-in link: \(answer.status) \(answer.body)")
        }
        return url + path
    }

    /// One request, with no cookie but those in `headers` (a session of its own, which keeps
    /// none): its status, headers and body.
    func request(_ method: String, _ path: String, headers: [String: String] = [:], body: String? = nil) async throws
        -> (status: Int, headers: [String: String], body: String)
    {
        var request = URLRequest(url: URL(string: url + path)!)
        request.httpMethod = method
        request.httpShouldHandleCookies = false
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        request.httpBody = body.map { Data($0.utf8) }
        let (data, response) = try await Self.cookieless.data(for: request)
        let http = response as! HTTPURLResponse
        var fields: [String: String] = [:]
        for (name, value) in http.allHeaderFields { fields[String(describing: name).lowercased()] = String(describing: value) }
        return (http.statusCode, fields, String(decoding: data, as: UTF8.self))
    }

    private static let cookieless: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.httpCookieAcceptPolicy = .never
        return URLSession(configuration: configuration, delegate: NoRedirects(), delegateQueue: nil)
    }()

    /// Shows a redirect as it is (303 to /signin), not where it leads.
    final class NoRedirects: NSObject, URLSessionTaskDelegate, @unchecked Sendable {
        func urlSession(
            _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse, newRequest request: URLRequest,
            completionHandler: @escaping (URLRequest?) -> Void
        ) {
            completionHandler(nil)
        }
    }

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
