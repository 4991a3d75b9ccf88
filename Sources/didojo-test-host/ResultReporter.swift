import Foundation
import TestHostProtocol
import XCTest

/// Writes what XCTest tells about a run to the results file, one JSON line per event, each with
/// its own secret (see `ResultTokens` in the checker).
///
/// Believes only what XCTest itself delivers: each event must be about an instance of the
/// checks' own class that XCTest is running (it has a `testRun`), in the order the run takes
/// them, one at a time; a check's end is failed when XCTest's own record of it says so; the
/// run's end comes only after the last check's. Anything else (a call from the learner's code
/// with a test case of its own making, out of turn, twice) is not written, and the run's end
/// then says the reporter was interfered with.
final class ResultReporter: NSObject, XCTestObservation {
    /// What XCTest told the reporter.
    private enum Event {
        case start(XCTestCase)
        case failure(XCTestCase)
        case finish(XCTestCase)
        case done
    }

    /// Writes one event, with its secret, to the results file. A closure, so that the secrets
    /// live only in what it captured: XCTest keeps this observer where the learner's code can
    /// reach it, and `Mirror` shows an object's stored properties, but nothing of what a
    /// closure captured.
    private let report: ([String: Any], Event) -> Void

    /// - Parameters:
    ///   - path: the results file; nil writes nothing (the program run by hand).
    ///   - tokens: the run's secrets, separated by spaces.
    ///   - checks: every check of the exercise, in the order `ResultTokens` numbers them.
    ///   - order: the checks of this run, in the order XCTest runs them.
    ///   - classes: the class of each check's name, as the checks' entry point gave it.
    init(path: String?, tokens: String, checks: [String], order: [String], classes: [String: ObjectIdentifier]) {
        let file = path.flatMap { fopen($0, "a") }
        let secrets = tokens.split(separator: " ").map(String.init)
        // Numbered as `ResultTokens` numbers them: the run's ends, then start, failure, finish
        // and failed finish of each check.
        let positions: [String: Int] = Dictionary(checks.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        let kinds = TestHostProtocol.eventKinds
        let ends = TestHostProtocol.endKinds
        // Only this closure sees them: the failures written so far per check, which check of
        // `order` is next, the instance running now, and how many calls were refused.
        var failures: [String: Int] = [:]
        var next = 0
        var running: ObjectIdentifier?
        var refused = 0
        func write(_ fields: [String: Any], index: Int) {
            var fields = fields
            fields["token"] = index < secrets.count ? secrets[index] : ""
            guard let file,
                  let data = try? JSONSerialization.data(withJSONObject: fields),
                  let line = String(data: data, encoding: .utf8) else { return }
            fputs(line + "\n", file)
            fflush(file)
        }
        report = { fields, event in
            var fields = fields
            switch event {
            case .done:
                guard running == nil, next == order.count else { refused += 1; return }
                let end = refused > 0 ? 2 : (failures.values.contains { $0 > 0 } ? 1 : 0)
                fields["event"] = ends[end]
                if refused > 0 { fields["refused"] = refused }
                write(fields, index: end)
                // The run is over: no more of the learner's code (exit handlers, destructors)
                // runs, and the checker, told on standard error, need not wait for the exit
                // (the process's teardown, some milliseconds). Under the checker only.
                guard file != nil, end < secrets.count else { return }
                fflush(stdout)
                fputs(TestHostProtocol.endLinePrefix + secrets[end] + "\n", stderr)
                _exit(end == 0 ? 0 : 1)
            case .start(let testCase):
                let test = testCase.name
                let className = String(test.prefix { $0 != "." })
                guard running == nil, next < order.count, order[next] == test, testCase.testRun != nil,
                      classes[className] == ObjectIdentifier(type(of: testCase)),
                      let position = positions[test] else { refused += 1; return }
                running = ObjectIdentifier(testCase)
                fields["event"] = "start"
                write(fields, index: ends.count + position * kinds.count)
            case .failure(let testCase):
                let test = testCase.name
                guard running == ObjectIdentifier(testCase), let position = positions[test] else { refused += 1; return }
                failures[test, default: 0] += 1
                fields["event"] = "failure"
                write(fields, index: ends.count + position * kinds.count + 1)
            case .finish(let testCase):
                let test = testCase.name
                guard running == ObjectIdentifier(testCase), let position = positions[test] else { refused += 1; return }
                // XCTest's own record decides, beside the failures seen here.
                let failed = failures[test, default: 0] > 0 || testCase.testRun?.hasSucceeded != true
                running = nil
                next += 1
                fields["event"] = failed ? "finish-failed" : "finish"
                write(fields, index: ends.count + position * kinds.count + (failed ? 3 : 2))
            }
        }
    }

    func testCaseWillStart(_ testCase: XCTestCase) {
        report(["test": testCase.name], .start(testCase))
    }

    func testCase(_ testCase: XCTestCase, didFailWithDescription description: String, inFile filePath: String?, atLine lineNumber: Int) {
        report(["test": testCase.name, "message": description, "file": filePath ?? "", "line": lineNumber], .failure(testCase))
    }

    func testCaseDidFinish(_ testCase: XCTestCase) {
        report(["test": testCase.name], .finish(testCase))
    }

    func testBundleDidFinish(_ testBundle: Bundle) {
        report([:], .done)
    }
}
