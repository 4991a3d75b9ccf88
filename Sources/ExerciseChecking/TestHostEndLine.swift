import ChildProcess
import TestHostProtocol

/// The line the program that runs the checks writes last on its standard error, once it has
/// written the run's end to the results file and just before it ends itself (see
/// `ResultReporter` in didojo-test-host): `TestHostProtocol.endLinePrefix` and the secret of
/// that end. The check reads the results then, without waiting 3–5 ms for the program's exit.
///
/// Only a line with one of this run's end secrets counts: the learner's code prints to the same
/// stream, and a line of its own making is just output. Even one that counted could only end
/// the run early, and a run without its end in the results is a failed one.
enum TestHostEndLine {
    /// How a run with `tokens` learns of its end: the status the program ends with, 0 when no
    /// check failed (as XCTest's own would be), 1 otherwise.
    static func reportedEnd(for tokens: ResultTokens) -> ReportedEnd {
        let ends = ResultTokens.endKinds.compactMap { tokens.token(for: $0, test: nil) }
        let passed = tokens.token(for: ResultTokens.endKinds[0], test: nil)
        let prefix = Array(TestHostProtocol.endLinePrefix.utf8)
        // Its name tells runs apart: two runs' requests are never the same.
        return ReportedEnd(name: "didojo-test-host end line " + ends.joined(separator: " ")) { standardError in
            guard standardError.last == UInt8(ascii: "\n") else { return nil }
            let line = standardError.dropLast().reversed().prefix { $0 != UInt8(ascii: "\n") }.reversed()
            guard line.starts(with: prefix) else { return nil }
            let secret = String(decoding: line.dropFirst(prefix.count), as: UTF8.self)
            guard ends.contains(secret) else { return nil }
            return secret == passed ? 0 : 1
        }
    }

    /// Whether `line` of the program's standard error is an end line (real or not), which is
    /// not the learner's output.
    static func isEndLine(_ line: Substring) -> Bool {
        line.hasPrefix(TestHostProtocol.endLinePrefix)
    }
}
