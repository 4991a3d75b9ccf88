import DojoCore
import Foundation

/// Reads the JSON lines written by the generated test main into per-check results.
///
/// Only lines carrying the secret of their event count (see `ResultTokens`): anything else in
/// the file was not written by the test main.
struct TestEventLog: Sendable, Equatable {
    let checks: [CheckResult]
    /// True when the test main reported the end of the whole run.
    let completed: Bool

    init(text: String, tokens: ResultTokens) {
        var completed = false
        checks = Self.results(from: text, tokens: tokens, completed: &completed)
        self.completed = completed
    }

    private static func results(from text: String, tokens: ResultTokens, completed: inout Bool) -> [CheckResult] {
        var results: [CheckResult] = []
        var indexByTest: [String: Int] = [:]

        func index(for test: String) -> Int {
            if let existing = indexByTest[test] { return existing }
            let (testCase, name) = split(test)
            results.append(CheckResult(name: name, testCase: testCase, finished: false))
            indexByTest[test] = results.count - 1
            return results.count - 1
        }

        for line in text.split(separator: "\n") {
            guard let data = line.data(using: .utf8),
                  let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                  let event = object["event"] as? String,
                  let expected = tokens.token(for: event, test: object["test"] as? String),
                  object["token"] as? String == expected else { continue }
            if event == "done" {
                completed = true
                continue
            }
            guard let test = object["test"] as? String else { continue }
            let position = index(for: test)
            switch event {
            case "failure":
                results[position].failures.append(CheckFailure(
                    description: object["message"] as? String ?? "",
                    file: object["file"] as? String ?? "",
                    line: object["line"] as? Int ?? 0
                ))
            case "finish":
                results[position].finished = true
            default:
                break
            }
        }
        return results
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
