import DojoCore
import DojoTestSupport
import ExerciseChecking
import Foundation
import Glibc

/// A language server started as an editor starts it, and spoken to as an editor speaks to it:
/// JSON-RPC on its standard input and output, each message a `Content-Length` header, a blank
/// line, then the JSON.
///
/// Synchronous on purpose: a test asks, then waits for the answer to that question, answering
/// whatever the server asks in between. Every wait has a deadline, which is a guard against a
/// test that hangs, not a timing check: it is far beyond what a loaded machine needs.
final class LanguageServerConnection {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// sourcekit-lsp of the toolchain whose `swiftc` the checker uses (the one on `PATH`):
    /// the server an editor finds beside the compiler.
    static func sourceKitLSP() throws -> URL {
        guard let swiftc = CompilingChecker.compiler(environment: ProcessInfo.processInfo.environment, fileSystem: LocalFileSystem()) else {
            throw Failure(description: "no swiftc on PATH")
        }
        let server = swiftc.resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent("sourcekit-lsp")
        guard FileManager.default.isExecutableFile(atPath: server.path) else {
            throw Failure(description: "no sourcekit-lsp beside \(swiftc.path): the toolchain should ship one")
        }
        return server
    }

    private let process = SpawnedProcess()
    private let toServer: FileHandle
    private let fromServer: Int32
    private var received: [UInt8] = []
    private var lastID = 0
    private let deadline: Duration
    /// Where the server's own log (its standard error) goes, for a person reading a failure.
    let logFile: URL

    /// Starts `server` in `root` (the folder an editor opened), and initializes it with that
    /// folder as its one workspace folder.
    init(server: URL, root: URL, logFile: URL, deadline: Duration = .seconds(600)) throws {
        self.logFile = logFile
        self.deadline = deadline
        let input = Pipe(), output = Pipe()
        _ = FileManager.default.createFile(atPath: logFile.path, contents: nil)
        process.executableURL = server
        process.currentDirectoryURL = root
        process.standardInput = input
        process.standardOutput = output
        process.standardError = try FileHandle(forWritingTo: logFile)
        try process.run()
        toServer = input.fileHandleForWriting
        fromServer = output.fileHandleForReading.fileDescriptor
        _ = try request("initialize", [
            "processId": Int(getpid()),
            "rootUri": root.absoluteString,
            "capabilities": [
                "textDocument": ["completion": ["completionItem": ["snippetSupport": false]], "diagnostic": [:]],
            ],
            "workspaceFolders": [["uri": root.absoluteString, "name": root.lastPathComponent]],
        ])
        try notify("initialized", [:])
    }

    deinit {
        // SIGKILL: a process started from a test's thread inherits its blocked SIGTERM.
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    /// Sends a request and returns the result of its answer.
    func request(_ method: String, _ parameters: Any) throws -> Any {
        lastID += 1
        let id = lastID
        try send(["jsonrpc": "2.0", "id": id, "method": method, "params": parameters])
        while true {
            let message = try receive(waitingFor: method)
            if let asked = message["method"] as? String {
                if let question = message["id"] { try answer(question, to: asked, message["params"]) }
                continue
            }
            guard message["id"] as? Int == id else { continue }
            if let error = message["error"] {
                throw Failure(description: "sourcekit-lsp answered \(method) with an error: \(error)")
            }
            return message["result"] ?? NSNull()
        }
    }

    func notify(_ method: String, _ parameters: Any) throws {
        try send(["jsonrpc": "2.0", "method": method, "params": parameters])
    }

    /// Opens `file` in the editor with `text` (which need not be saved: an editor's buffer).
    func open(_ file: URL, text: String) throws {
        try notify("textDocument/didOpen", [
            "textDocument": ["uri": file.absoluteString, "languageId": "swift", "version": 1, "text": text],
        ])
    }

    /// Replaces the whole text of an open `file`, as an editor does after an edit.
    func change(_ file: URL, to text: String, version: Int) throws {
        try notify("textDocument/didChange", [
            "textDocument": ["uri": file.absoluteString, "version": version],
            "contentChanges": [["text": text]],
        ])
    }

    /// The diagnostics of an open file, pulled (`textDocument/diagnostic`): sourcekit-lsp
    /// answers once it knows how the file is compiled, never with a guess from before.
    func diagnostics(of file: URL) throws -> [Diagnostic] {
        let report = try request("textDocument/diagnostic", ["textDocument": ["uri": file.absoluteString]])
        let items = (report as? [String: Any])?["items"] as? [[String: Any]] ?? []
        return items.map { item in
            let start = (item["range"] as? [String: Any])?["start"] as? [String: Any]
            return Diagnostic(
                line: start?["line"] as? Int ?? -1, severity: item["severity"] as? Int ?? 0, message: item["message"] as? String ?? ""
            )
        }
    }

    /// The labels sourcekit-lsp offers to complete at `line`/`character` (0-based, UTF-16).
    func completions(in file: URL, line: Int, character: Int) throws -> [String] {
        let result = try request("textDocument/completion", [
            "textDocument": ["uri": file.absoluteString], "position": ["line": line, "character": character],
        ])
        let items = (result as? [String: Any])?["items"] as? [[String: Any]] ?? (result as? [[String: Any]] ?? [])
        return items.compactMap { $0["label"] as? String }
    }

    /// Asks the server to shut down and leave, as an editor does when it closes.
    func shutDown() throws {
        _ = try request("shutdown", NSNull())
        try notify("exit", NSNull())
        try toServer.close()
        process.waitUntilExit()
    }

    /// One diagnostic as an editor shows it.
    struct Diagnostic: CustomStringConvertible {
        let line: Int
        /// 1 error, 2 warning, 3 information, 4 hint.
        let severity: Int
        let message: String

        var isError: Bool { severity == 1 }
        var description: String { "line \(line + 1): \(isError ? "error" : "severity \(severity)"): \(message)" }
    }

    // MARK: The wire

    private func send(_ message: [String: Any]) throws {
        let body = try JSONSerialization.data(withJSONObject: message)
        try toServer.write(contentsOf: Data("Content-Length: \(body.count)\r\n\r\n".utf8) + body)
    }

    /// The answer to a question the server asks the editor: nothing, which the server takes as
    /// "the editor has no opinion", except a list of the same length for `workspace/configuration`.
    private func answer(_ id: Any, to method: String, _ parameters: Any?) throws {
        let items = ((parameters as? [String: Any])?["items"] as? [Any]) ?? []
        let result: Any = method == "workspace/configuration" ? items.map { _ in NSNull() } : NSNull()
        try send(["jsonrpc": "2.0", "id": id, "result": result])
    }

    /// The next message from the server.
    private func receive(waitingFor method: String) throws -> [String: Any] {
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        while true {
            if let end = received.firstRange(of: separator) {
                let header = String(decoding: received[..<end.lowerBound], as: UTF8.self)
                guard let length = header.split(separator: "\r\n")
                    .first(where: { $0.lowercased().hasPrefix("content-length:") })
                    .flatMap({ Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) }) else {
                    throw Failure(description: "sourcekit-lsp sent a message without a length: \(header)")
                }
                if received.count >= end.upperBound + length {
                    let body = Data(received[end.upperBound..<(end.upperBound + length)])
                    received.removeFirst(end.upperBound + length)
                    guard let message = try JSONSerialization.jsonObject(with: body) as? [String: Any] else {
                        throw Failure(description: "sourcekit-lsp sent something other than a JSON object")
                    }
                    return message
                }
            }
            try readMore(waitingFor: method)
        }
    }

    private func readMore(waitingFor method: String) throws {
        var descriptor = pollfd(fd: fromServer, events: Int16(POLLIN), revents: 0)
        let milliseconds = Int32(deadline.components.seconds * 1000)
        let ready = poll(&descriptor, 1, milliseconds)
        if ready < 0, errno == EINTR { return }
        guard ready > 0 else {
            throw Failure(description: "sourcekit-lsp did not answer \(method) within \(deadline); its log: \(logFile.path)")
        }
        var chunk = [UInt8](repeating: 0, count: 65536)
        let count = chunk.withUnsafeMutableBytes { read(fromServer, $0.baseAddress, $0.count) }
        if count < 0, errno == EINTR { return }
        guard count > 0 else {
            throw Failure(description: "sourcekit-lsp ended while answering \(method); its log: \(logFile.path)")
        }
        received += chunk[..<count]
    }
}
