import Foundation

/// What `POST /api/grades` takes: the JSON that `didojo verify --workspaces … --json` writes
/// (`ClassGradingSummary`), of which only these fields are read.
public struct GradesUpload: Codable, Sendable, Equatable {
    public struct Learner: Codable, Sendable, Equatable {
        /// The name `verify` gave the workspace's learner.
        public var learner: String
        /// The learner id of the workspace's class membership, when it joined this class.
        public var classLearnerID: String?
        public var results: [Result]
    }

    public struct Result: Codable, Sendable, Equatable {
        public var exercise: String
        public var passed: Bool
    }

    public var learners: [Learner]
}

/// The answer to `POST /api/grades`: how many learners were matched with the room's, and the
/// names of those that were not.
public struct GradesReceipt: Codable, Sendable, Equatable {
    public var matched: Int
    public var unmatched: [String]
}
