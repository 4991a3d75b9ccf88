import ChildProcess
import Foundation

/// The Swift frontend's standard error under `-frontend-parseable-output`: messages, each its
/// length in bytes on a line of its own, then that many bytes of JSON and a newline. A
/// "began" message when the compile starts; a "finished" one, with its exit status and every
/// diagnostic of the compile as the frontend would have printed them, once its outputs are
/// written (swift's `lib/FrontendTool/FrontendTool.cpp`: after `performCompile`, before the
/// frontend frees anything or exits). Anything else (a crash's stack dump, an error about the
/// command line before the first message) is plain text between or after them.
///
/// Why: the frontend's exit takes 7–15 ms after that message (see `ReportedEnd`), on every
/// compile step; the message lets a check go on without waiting for it.
///
/// The diagnostics in "finished" come file by file, in the frontend's own order of its inputs
/// (the printed order, in every case tried), each as `-diagnostic-style=llvm` prints it, with
/// the excerpt and the notes, but without the group swiftc prints after a message
/// (` [#SendableClosureCaptures]`): a step whose warnings of a group are made errors is not run
/// this way (`SwiftCompiler.run`). A frontend that crashes leaves no "finished": only its stack
/// dump is left to show, not the diagnostics before it.
struct ParseableCompilerOutput {
    /// The exit status of the "finished" message; nil until there is one.
    let exitStatus: Int32?
    /// What the compiler printed, as it prints it without parseable output: the diagnostics
    /// of its messages, and the text outside them, in order.
    let text: String

    init(_ bytes: [UInt8]) {
        var status: Int32?
        var text = ""
        var position = 0
        while position < bytes.count {
            guard let message = Self.message(in: bytes, at: position) else {
                // A message cut short (its diagnostics were more than the output kept: the
                // whole lines of its output so far), or no message: the rest is plain text.
                text += Self.outputSoFar(in: bytes[position...]) ?? String(decoding: bytes[position...], as: UTF8.self)
                break
            }
            position = message.end
            if let output = message.fields["output"] as? String { text += output }
            if message.fields["kind"] as? String == "finished", let exit = message.fields["exit-status"] as? Int {
                status = Int32(clamping: exit)
            }
        }
        exitStatus = status
        self.text = text
    }

    /// How a check learns that a compile has finished before the frontend has exited.
    static let reportedEnd = ReportedEnd(name: "swift-frontend -frontend-parseable-output") { standardError in
        // The cheap test first: this runs after every read of the compiler's standard error.
        guard standardError.count > 20, standardError.suffix(2).first == UInt8(ascii: "}") else { return nil }
        return ParseableCompilerOutput(standardError).exitStatus
    }

    /// The flag that asks the frontend for these messages.
    static let flag = "-frontend-parseable-output"

    /// The message that starts at `position`: its fields and where the next one starts; nil
    /// when none starts there or it is not all there.
    private static func message(in bytes: [UInt8], at position: Int) -> (fields: [String: Any], end: Int)? {
        var index = position
        var length = 0
        while index < bytes.count, let digit = Self.digit(bytes[index]), length < 100_000_000 {
            length = length * 10 + digit
            index += 1
        }
        guard index > position, index < bytes.count, bytes[index] == UInt8(ascii: "\n") else { return nil }
        let start = index + 1
        let end = start + length
        guard end < bytes.count, bytes[end] == UInt8(ascii: "\n"),
              let fields = try? JSONSerialization.jsonObject(with: Data(bytes[start..<end])) as? [String: Any] else { return nil }
        return (fields, end + 1)
    }

    /// The whole lines of the "output" of a message cut short after its length line (the
    /// frontend writes `"output": "…"` with JSON's escapes); nil when `bytes` is not such a
    /// message, or it has no whole line of output yet. The string is cut after its last escaped
    /// newline that leaves it readable as JSON, and read by JSONSerialization.
    private static func outputSoFar(in bytes: ArraySlice<UInt8>) -> String? {
        let text = String(decoding: bytes, as: UTF8.self)
        guard let firstLineEnd = text.firstIndex(of: "\n"), Int(text[..<firstLineEnd]) != nil,
              let start = text.firstRange(of: #/"output"\s*:\s*"/#)?.upperBound else { return nil }
        var escaped = text[start...]
        while let newline = escaped.range(of: "\\n", options: .backwards) {
            let string = Data(("\"" + escaped[..<newline.upperBound] + "\"").utf8)
            if let output = try? JSONSerialization.jsonObject(with: string, options: .fragmentsAllowed) as? String,
               let lastLineEnd = output.lastIndex(of: "\n") {
                return String(output[...lastLineEnd])
            }
            escaped = escaped[..<newline.lowerBound]
        }
        return nil
    }

    private static func digit(_ byte: UInt8) -> Int? {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) ? Int(byte - UInt8(ascii: "0")) : nil
    }
}
