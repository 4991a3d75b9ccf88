import ChildProcess
import DojoCore
@testable import ExerciseChecking
import DojoTestSupport
import Foundation
import Testing

/// The Swift frontend's parseable output, read for its "finished" message (a compile step's end
/// before the frontend's exit) and its diagnostics; by hand, then from the real frontend.
@Suite struct ParseableCompilerOutputTests {
    /// One message as the frontend frames it: its length, a newline, the JSON, a newline.
    func framed(_ fields: [String: Any]) throws -> [UInt8] {
        let json = try JSONSerialization.data(withJSONObject: fields, options: [.prettyPrinted, .sortedKeys])
        return Array("\(json.count)\n".utf8) + Array(json) + Array("\n".utf8)
    }

    let diagnostic = "/tmp/a.swift:3:19: error: cannot convert value of type 'String' to specified type 'Int'\n"

    @Test func theFinishedMessageGivesTheStatusAndTheDiagnosticsAsTheyArePrinted() throws {
        let began = try framed(["kind": "began", "name": "compile", "command": "swift-frontend -c /tmp/a.swift", "pid": 7])
        let finished = try framed(["kind": "finished", "name": "compile", "pid": 7, "output": diagnostic, "exit-status": 1])
        let whole = began + finished
        let read = ParseableCompilerOutput(whole)
        #expect(read.exitStatus == 1)
        #expect(read.text == diagnostic)
        #expect(ParseableCompilerOutput.reportedEnd.exitStatus(whole) == 1)
        #expect(CompilerOutput.diagnostics(in: read.text).map(\.line) == [3])
    }

    @Test func noStatusUntilTheFinishedMessageIsWhole() throws {
        let began = try framed(["kind": "began", "name": "compile", "pid": 7])
        let finished = try framed(["kind": "finished", "name": "compile", "pid": 7, "exit-status": 0])
        #expect(ParseableCompilerOutput(began).exitStatus == nil)
        #expect(ParseableCompilerOutput.reportedEnd.exitStatus(began) == nil)
        // Every cut short of the last byte: the message is not all there yet.
        for cut in 0..<finished.count {
            #expect(ParseableCompilerOutput.reportedEnd.exitStatus(began + finished.prefix(cut)) == nil, "cut at \(cut)")
        }
        #expect(ParseableCompilerOutput.reportedEnd.exitStatus(began + finished) == 0)
    }

    @Test func textOutsideTheMessagesIsKept() throws {
        // A crash after the compile began: no "finished", and the stack dump is the news.
        let began = try framed(["kind": "began", "name": "compile", "pid": 7])
        let dump = "Stack dump:\n0.\tProgram arguments: swift-frontend -c a.swift\n"
        let read = ParseableCompilerOutput(began + Array(dump.utf8))
        #expect(read.exitStatus == nil)
        #expect(read.text == dump)
        // An error about the command line comes before any message.
        let early = ParseableCompilerOutput(Array("<unknown>:0: error: unknown argument: '-frobnicate'\n".utf8))
        #expect(early.exitStatus == nil)
        #expect(early.text == "<unknown>:0: error: unknown argument: '-frobnicate'\n")
    }

    @Test func aMessageCutShortGivesTheWholeDiagnosticLinesItHolds() throws {
        // More diagnostics than the output kept (1 MiB): the message ends mid-way.
        let second = "/tmp/a.swift:4:1: error: cannot find 'x\\u00e9' in \"scope\"\n"
        let finished = try framed([
            "kind": "finished", "name": "compile", "pid": 7, "output": diagnostic + second + diagnostic, "exit-status": 1,
        ])
        let began = try framed(["kind": "began", "name": "compile", "pid": 7])
        // Cut inside the third diagnostic.
        let finishedText = String(decoding: finished, as: UTF8.self)
        let third = try #require(finishedText.ranges(of: "a.swift:3:19").last)
        let cutAt = finishedText.utf8.distance(from: finishedText.startIndex, to: third.upperBound)
        let read = ParseableCompilerOutput(began + finished.prefix(cutAt))
        #expect(read.exitStatus == nil)
        #expect(read.text == diagnostic + second)
        #expect(CompilerOutput.diagnostics(in: read.text).map(\.line) == [3, 4])
    }

    @Test func aMessageThatIsNotWhatItsLengthSaysIsText() {
        let lying = Array("500\n{\"kind\": \"finished\", \"exit-status\": 0}\n".utf8)
        #expect(ParseableCompilerOutput(lying).exitStatus == nil)
        #expect(ParseableCompilerOutput(lying).text == String(decoding: lying, as: UTF8.self))
    }

    // MARK: The real frontend

    /// The real `swift-frontend` beside `swiftc` on PATH, run on `source` with `arguments` in
    /// `folder`; with `reportedEnd`, the run returns at the frontend's report of its end.
    func frontend(
        on source: String, _ arguments: [String], in folder: TemporaryFolder, reportedEnd: ReportedEnd? = nil
    ) async throws -> ChildProcessResult {
        let environment = ProcessInfo.processInfo.environment
        let swiftc = try Toolchain.find(environment: environment, fileSystem: LocalFileSystem()).swiftc.resolvingSymlinksInPath()
        try source.write(to: folder.url.appendingPathComponent("a.swift"), atomically: true, encoding: .utf8)
        var request = ChildProcessRequest(
            executable: swiftc.deletingLastPathComponent().appendingPathComponent("swift-frontend").path,
            arguments: ["-frontend", "-c", folder.url.appendingPathComponent("a.swift").path, "-module-name", "A",
                        "-diagnostic-style=llvm", "-o", folder.url.appendingPathComponent("a.o").path] + arguments,
            environment: ["PATH": environment["PATH"] ?? "/usr/bin:/bin"], timeout: .seconds(600)
        )
        request.reportedEnd = reportedEnd
        return try await ChildProcessLauncher(clock: ContinuousClock()).run(request)
    }

    @Test func theRealFrontendReportsItsEndWithTheDiagnosticsItWouldHavePrinted() async throws {
        let folder = try TemporaryFolder("parseable")
        defer { folder.remove() }
        let source = "let count: Int = \"3\"\nfunc f() { var unused = 1 }\n"
        let plain = try await frontend(on: source, [], in: folder)
        let parseable = try await frontend(on: source, [ParseableCompilerOutput.flag], in: folder)
        let read = ParseableCompilerOutput(Array(parseable.standardError.utf8))
        #expect(plain.termination == .exited(1))
        #expect(read.exitStatus == 1)
        // The same, but for the group the printed form names after a message.
        #expect(plain.standardError.contains(" [#no-usage]"))
        let untagged = plain.standardError.replacing(#/ \[#[A-Za-z-]+\]/#, with: "")
        #expect(read.text == untagged)
        #expect(CompilerOutput.diagnostics(in: read.text).map(\.severity) == [.error, .warning])
    }

    @Test func theRealFrontendsReportedEndComesOnceItsObjectIsWritten() async throws {
        let folder = try TemporaryFolder("parseable")
        defer { folder.remove() }
        let result = try await frontend(
            on: "public func twice(_ x: Int) -> Int { 2 * x }\n", [ParseableCompilerOutput.flag], in: folder,
            reportedEnd: ParseableCompilerOutput.reportedEnd
        )
        #expect(result.termination == .exited(0))
        // Whole at once: an ELF object, its symbol named.
        let object = try Data(contentsOf: folder.url.appendingPathComponent("a.o"))
        #expect(object.prefix(4) == Data([0x7F, 0x45, 0x4C, 0x46]))
        #expect(object.range(of: Data("$s1A5twiceyS2iF".utf8)) != nil)
    }
}
