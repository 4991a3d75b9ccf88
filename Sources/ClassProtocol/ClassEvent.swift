import Foundation

/// One thing a learner did that the teacher's dashboard shows: what the learner's shell puts in
/// its outbox and `didojo-outbox` delivers. It never carries code, except an `ask`'s file, which
/// the learner saw before it was sent.
///
/// `public` (its members `package`, but for the `id` that `Identifiable` needs) only because
/// ClassServer's public declarations name it: no product exports it.
public struct ClassEvent: Codable, Sendable, Equatable, Identifiable {
    package enum Kind: String, Codable, Sendable, CaseIterable {
        /// A lesson, or one of its exercises, was opened.
        case opened
        /// A check ran (the learner's own, not a grading run).
        case check
        /// A hint was shown.
        case hint
        /// The lesson's program was run.
        case run
        /// The learner raised a hand, sending the exercise's file.
        case ask
    }

    /// Chosen by the learner's shell; the server stores an event once per learner and id, so a
    /// batch delivered twice (an answer lost on the way back) is not counted twice.
    public var id: String
    package var kind: Kind
    package var time: Date
    package var lessonID: String?
    package var exerciseID: String?
    package var passed: Bool?
    package var failingChecks: [String]?
    /// The catalogued mistake the check recognised, by its id.
    package var mistake: String?
    package var askText: String?
    package var askFile: String?
    package var askFileName: String?
    package var askReport: String?

    package init(
        id: String = ClassEvent.newID(), kind: Kind, time: Date, lessonID: String? = nil, exerciseID: String? = nil,
        passed: Bool? = nil, failingChecks: [String]? = nil, mistake: String? = nil,
        askText: String? = nil, askFile: String? = nil, askFileName: String? = nil, askReport: String? = nil
    ) {
        self.id = id
        self.kind = kind
        self.time = time
        self.lessonID = lessonID
        self.exerciseID = exerciseID
        self.passed = passed
        self.failingChecks = failingChecks
        self.mistake = mistake
        self.askText = askText
        self.askFile = askFile
        self.askFileName = askFileName
        self.askReport = askReport
    }

    /// A new event id: a UUID without its dashes (32 characters of `[0-9A-F]`).
    package static func newID() -> String {
        UUID().uuidString.replacingOccurrences(of: "-", with: "")
    }
}
