import DojoGrading
import Foundation

/// Separates what the learner's code printed from XCTest's own progress lines.
enum LearnerOutput {
    static func extract(standardOutput: String, standardError: String, failures: [CheckFailure] = []) -> String {
        var standardOutput = standardOutput
        // XCTest prints each failure message as is, and a message may span several lines;
        // remove each whole message so none of its lines is taken for the learner's output.
        for failure in failures where failure.description.contains("\n") {
            standardOutput = standardOutput.replacingOccurrences(of: failure.description, with: "")
        }
        let kept = standardOutput.split(separator: "\n", omittingEmptySubsequences: false).filter { line in
            !(line.hasPrefix("Test Suite '") || line.hasPrefix("Test Case '") || line.hasPrefix("\t Executed ")
                || isXCTestFailureLine(line))
        }
        var text = kept.joined(separator: "\n").trimmingCharacters(in: .newlines)
        let errors = standardError.split(separator: "\n")
            .filter { crashLinePrefix(of: $0) == nil && !isStackTraceLine($0) && !TestHostEndLine.isEndLine($0) }
            .joined(separator: "\n").trimmingCharacters(in: .newlines)
        if !errors.isEmpty {
            text += (text.isEmpty ? "" : "\n") + errors
        }
        return text
    }

    /// The Swift runtime's message for a crash, e.g. "Fatal error: Index out of range".
    static func crashMessage(in standardError: String) -> String? {
        for line in standardError.split(separator: "\n") {
            if let start = crashLinePrefix(of: line) {
                return String(line[start...]).trimmingCharacters(in: .whitespaces)
            }
        }
        return nil
    }

    private static let crashMarkers = ["Fatal error", "Precondition failed", "Assertion failed", "Illegal instruction", "Segmentation fault"]

    private static func crashLinePrefix(of line: Substring) -> Substring.Index? {
        for marker in crashMarkers {
            if let range = line.range(of: marker) { return range.lowerBound }
        }
        return nil
    }

    /// A line the Swift runtime or its backtracer writes about a crash, which is about the
    /// program's memory rather than the learner's code: "*** Signal 4: Backtracing from
    /// 0x7f…... done ***", or, when the backtracer cannot run, the runtime's own stack trace
    /// ("Current stack trace:", "3  libswiftCore.so  0x00007f… …"), or its note that a thread
    /// could not be paused for the report ("swift-runtime: failed to suspend thread 10600 while
    /// processing a crash…": a thread that has every signal blocked at that moment, as one being
    /// started or one crashing beside it has, cannot be; a busy machine makes that likelier).
    /// Where the crash was in the learner's file is reported apart (see `CrashBacktrace`).
    static func isStackTraceLine(_ line: Substring) -> Bool {
        if line.hasPrefix("*** "), line.contains("Backtracing") || line.contains("crashed") { return true }
        if line.hasPrefix("swift-runtime: failed to suspend thread") { return true }
        if line.hasPrefix("Current stack trace:") { return true }
        return line.firstMatch(of: /^\s*\d+\s+(\[ra\]\s+)?\S+\s+0x[0-9a-fA-F]+\b/) != nil
    }

    /// XCTest prints each failure as `<file>:<line>: error: Class.test : message`.
    private static func isXCTestFailureLine(_ line: Substring) -> Bool {
        guard let range = line.range(of: ": error: ") else { return false }
        return line[range.upperBound...].contains(" : ")
    }
}
