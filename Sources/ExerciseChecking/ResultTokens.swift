import DojoCore
import Foundation

/// The secrets that make the test main's events count: one per kind of event and check, each
/// good for that one event, plus one for the end of the run (see `TestMainGenerator`).
///
/// Why not one secret for the run: the results file is in the folder the learner's code runs
/// in, and the first event is written before their code runs. A single secret would be there
/// to read and copy into forged "finished" events. Reading the file now gives away only the
/// secrets of events already written; the ones a forgery needs (the checks' ends, the run's
/// end) are still only in the checker and in the test main's memory.
///
/// Events are numbered as the generated entry point numbers them: the end of the run first, then for
/// the n-th check (in `testNames` order) its start, failure and finish.
struct ResultTokens: Sendable, Equatable {
    static let variable = "DIDOJO_RESULTS_TOKENS"
    static let eventKinds = ["start", "failure", "finish"]

    let testNames: [String]
    private let tokens: [String]

    /// New random secrets for a run of `testNames` (`Class.testMethod`).
    init(testNames: [String]) {
        self.testNames = testNames
        tokens = (0...(testNames.count * Self.eventKinds.count)).map { _ in
            String(UInt64.random(in: .min ... .max), radix: 16) + String(UInt64.random(in: .min ... .max), radix: 16)
        }
    }

    /// The secrets as the checker passed them (`environmentValue`).
    init(testNames: [String], environmentValue: String) {
        self.testNames = testNames
        tokens = environmentValue.split(separator: " ").map(String.init)
    }

    /// How the secrets travel to the test program: in its environment, which the main erases.
    var environmentValue: String { tokens.joined(separator: " ") }

    /// The one secret `event` of `test` must carry; nil for an event the main never writes.
    func token(for event: String, test: String?) -> String? {
        let index: Int
        if event == "done" {
            index = 0
        } else if let test, let position = testNames.firstIndex(of: test), let kind = Self.eventKinds.firstIndex(of: event) {
            index = 1 + position * Self.eventKinds.count + kind
        } else {
            return nil
        }
        return index < tokens.count ? tokens[index] : nil
    }
}
