import DojoCore
import DojoGrading
import Foundation

/// Reads the JSON lines written by the generated test main into per-check results, and notices
/// when they do not add up.
///
/// Only lines carrying the secret of their event count (see `ResultTokens`). Nothing but the
/// test main writes the file, and it writes each line whole, so a line without its secret, a
/// check whose end says it failed but whose failures are gone, or a run that reports its end
/// while a check's results are missing can only mean that the learner's code changed the file:
/// `interference` then says how, and the check is reported as interfered with rather than
/// judged on what is left.
struct TestEventLog: Sendable, Equatable {
    let checks: [CheckResult]
    /// True when the test main reported the end of the whole run.
    let completed: Bool
    /// How the file shows that something other than the test main changed it, in the
    /// learner's words; empty when it adds up.
    let interference: [String]

    /// - Parameter running: the classes the run was asked to run, nil for all of them: the
    ///   results of the others are not missing.
    init(text: String, tokens: ResultTokens, running: Set<String>? = nil) {
        var checks: [CheckResult] = []
        var indexByTest: [String: Int] = [:]
        var failedEnds = Set<String>()
        var completed = false
        var runFailed = false
        var foreignLines = 0
        var refusedCalls = 0

        func index(for test: String) -> Int {
            if let existing = indexByTest[test] { return existing }
            let (testCase, name) = Self.split(test)
            checks.append(CheckResult(name: name, testCase: testCase, finished: false))
            indexByTest[test] = checks.count - 1
            return checks.count - 1
        }

        let lines = text.split(separator: "\n", omittingEmptySubsequences: true)
        // A last line without its line break may have been cut off by a kill mid-write: if it
        // does not read as an event, that is no forgery.
        let lastMayBeCut = !text.hasSuffix("\n")
        for (number, line) in lines.enumerated() where !line.allSatisfy(\.isWhitespace) {
            guard let data = line.data(using: .utf8),
                  let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                  let event = object["event"] as? String,
                  let expected = tokens.token(for: event, test: object["test"] as? String),
                  object["token"] as? String == expected else {
                if !(lastMayBeCut && number == lines.count - 1) { foreignLines += 1 }
                continue
            }
            if ResultTokens.endKinds.contains(event) {
                completed = true
                runFailed = runFailed || event == "done-failed"
                if event == "done-interfered" { refusedCalls = max(1, object["refused"] as? Int ?? 1) }
                continue
            }
            guard let test = object["test"] as? String else { continue }
            let position = index(for: test)
            switch event {
            case "failure":
                checks[position].failures.append(CheckFailure(
                    description: object["message"] as? String ?? "",
                    file: object["file"] as? String ?? "",
                    line: object["line"] as? Int ?? 0
                ))
            case "finish":
                checks[position].finished = true
            case "finish-failed":
                checks[position].finished = true
                failedEnds.insert(test)
            default:
                break
            }
        }

        var interference: [String] = []
        if refusedCalls > 0 {
            interference.append("the code called the checks' reporter itself, in place of XCTest (\(CountedNoun.words(refusedCalls, "call")) refused)")
        }
        if foreignLines > 0 {
            interference.append("\(CountedNoun.words(foreignLines, "line")) in the results file \(foreignLines == 1 ? "was" : "were") not written by the checks")
        }
        let emptied = checks.filter { check in
            failedEnds.contains("\(check.testCase).\(check.name)") && check.failures.isEmpty
        }
        if !emptied.isEmpty {
            interference.append("the failures of \(Self.quotedList(emptied.map(\.readableName))) were removed from the results")
        }
        if completed {
            let expected = tokens.testNames.filter { name in running.map { $0.contains(Self.split(name).0) } ?? true }
            let missing = expected.filter { name in indexByTest[name].map { !checks[$0].finished } ?? true }
            if !missing.isEmpty {
                interference.append("the run reported its end, but the results of \(Self.quotedList(missing.map { CheckResult(name: Self.split($0).1, testCase: "").readableName })) are missing")
            } else if runFailed, checks.allSatisfy(\.passed), emptied.isEmpty {
                interference.append("the run reported failures that are no longer in the results")
            }
        }
        self.checks = checks
        self.completed = completed
        self.interference = interference
    }

    /// `'a'`, `'a' and 'b'`, `'a', 'b' and 'c'`.
    private static func quotedList(_ names: [String]) -> String {
        let quoted = names.map { "'\($0)'" }
        guard quoted.count > 1 else { return quoted.first ?? "" }
        return quoted.dropLast().joined(separator: ", ") + " and " + quoted.last!
    }

    /// `Checks.testSomething` (or XCTest's `-[Checks testSomething]`) → ("Checks", "testSomething").
    static func split(_ test: String) -> (String, String) {
        var name = test
        if name.hasPrefix("-["), name.hasSuffix("]") {
            name = String(name.dropFirst(2).dropLast()).replacingOccurrences(of: " ", with: ".")
        }
        guard let dot = name.lastIndex(of: ".") else { return ("", name) }
        return (String(name[..<dot]), String(name[name.index(after: dot)...]))
    }
}
