import DojoCatalog
import DojoTestSupport
import Foundation
import Testing

/// One real mistake of the explanation corpus (`ExplanationCorpus.swift`): a learner's file,
/// made from an exercise's real solution or starter by a change a learner makes, and every
/// compile error the real compiler gives for it, each with the rule that must explain it and
/// the explanation the learner must read (or none).
struct ExplanationCase: Sendable, CustomTestStringConvertible {
    enum Base: Sendable {
        case solution, starter
    }

    /// One compile error of the case, in the compiler's order.
    struct ExpectedError: Sendable, Equatable, CustomStringConvertible {
        /// The compiler's message, exactly (without its `[#Group]` tag).
        let message: String
        /// The one rule whose shape this error has, nil when none has.
        let rule: String?
        /// What the learner reads under it: nil when no rule applies, and also when the rule
        /// applies but the explanation is left out (another error of the compile is its
        /// likely cause, or the same explanation was given to an earlier error).
        let explanation: String?

        init(_ message: String, rule: String? = nil, explained explanation: String? = nil) {
            self.message = message
            self.rule = rule
            self.explanation = explanation
        }

        var description: String {
            var text = ".init(\(Self.literal(message))"
            if let rule { text += ", rule: \(Self.literal(rule))" }
            if let explanation { text += ", explained: \(Self.literal(explanation))" }
            return text + "),"
        }

        /// `text` as a Swift string literal, so that a failing case prints what to paste.
        static func literal(_ text: String) -> String {
            "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
        }
    }

    let name: String
    let exerciseID: String
    let base: Base
    /// The mistake, in a few words.
    let mistake: String
    /// Replacements in the base file, each of text that occurs there exactly once.
    let changes: [(old: String, new: String)]
    let errors: [ExpectedError]

    init(
        _ name: String, exercise: String, from base: Base, mistake: String, changing changes: [(String, String)] = [],
        errors: [ExpectedError]
    ) {
        self.name = name
        exerciseID = exercise
        self.base = base
        self.mistake = mistake
        self.changes = changes.map { (old: $0.0, new: $0.1) }
        self.errors = errors
    }

    var testDescription: String { "\(name) (\(exerciseID)): \(mistake)" }

    /// The learner's file: the base with the changes made.
    func learnerSource(of exercise: Exercise) throws -> String {
        var text = try String(contentsOf: base == .solution ? exercise.solution : exercise.starter, encoding: .utf8)
        for change in changes {
            let found = text.components(separatedBy: change.old).count - 1
            guard found == 1 else {
                throw CorpusError(description: "\(name): \(ExpectedError.literal(change.old)) occurs \(found) times in the \(base) of \(exerciseID), not once; the lesson changed, so the case must too.")
            }
            text = text.replacingOccurrences(of: change.old, with: change.new)
        }
        return text
    }

    struct CorpusError: Error, CustomStringConvertible {
        let description: String
    }
}
