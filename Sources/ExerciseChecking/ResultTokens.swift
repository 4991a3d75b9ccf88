import Foundation
import TestHostProtocol

/// The secrets that make the test main's events count: one per kind of event and check, each
/// good for that one event, plus two for the end of the run (see `TestMainGenerator`).
///
/// Why not one secret for the run: the results file is in the folder the learner's code runs
/// in, and the first event is written before their code runs. A single secret would be there
/// to read and copy into forged "finished" events. Reading the file now gives away only the
/// secrets of events already written; the ones a forgery needs (the checks' ends, the run's
/// end) are still only in the checker and in the test main's memory.
///
/// A check's end has two secrets, one for "finished with failures" and one for "finished
/// without", and so has the run's end; the test main writes only the one that is true. So the
/// end of a failed check cannot be turned into a pass by deleting its failure lines: its
/// secret still says it failed, and the checker then names the results as interfered with
/// (see `TestEventLog`). The secret of a passing end is never written for a check that failed.
///
/// Events are numbered as the generated entry point numbers them: the run's end without and
/// with failures first, then for the n-th check (in `testNames` order) its start, failure,
/// finish and failed finish.
struct ResultTokens: Sendable, Equatable {
    static let variable = TestHostProtocol.tokensVariable
    /// The kinds of a check's events, in the order of their secrets.
    static let eventKinds = TestHostProtocol.eventKinds
    /// The kinds of the run's end, in the order of their secrets (see `TestHostProtocol.endKinds`).
    static let endKinds = TestHostProtocol.endKinds

    let testNames: [String]
    private let tokens: [String]

    /// New random secrets for a run of `testNames` (`Class.testMethod`).
    init(testNames: [String]) {
        self.testNames = testNames
        tokens = (0..<(Self.endKinds.count + testNames.count * Self.eventKinds.count)).map { _ in
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
        if let end = Self.endKinds.firstIndex(of: event) {
            index = end
        } else if let test, let position = testNames.firstIndex(of: test), let kind = Self.eventKinds.firstIndex(of: event) {
            index = Self.endKinds.count + position * Self.eventKinds.count + kind
        } else {
            return nil
        }
        return index < tokens.count ? tokens[index] : nil
    }
}
