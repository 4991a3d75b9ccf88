/// The limits both sides keep: the server refuses what is over them, the learner's shell cuts
/// its events to fit before they go into the outbox. See API.md beside the server.
package enum ClassLimits {
    /// Largest request body, for every route but a batch with an `ask` in it.
    package static let bodyBytes = 64 * 1024
    /// Largest batch holding an `ask`: its file and report come along.
    package static let askBodyBytes = 512 * 1024
    /// Largest file an `ask` sends, in bytes of UTF-8.
    package static let askFileBytes = 256 * 1024
    /// Largest report an `ask` sends, in bytes of UTF-8.
    package static let askReportBytes = 64 * 1024
    /// Largest `verify --workspaces --json` the teacher brings in (it carries what failing
    /// checks printed).
    package static let gradesBodyBytes = 8 * 1024 * 1024
    package static let eventsPerBatch = 200
    /// Longest check name, mistake or question, in characters.
    package static let textCharacters = 300
    package static let failingChecksPerEvent = 50
    package static let nameCharacters = 40
    /// Learners a class holds; joins past it are refused (409).
    package static let learnersPerClass = 1000
    /// A learner who joined this long ago and never sent an event is forgotten at the next join.
    package static let silentJoinSeconds: Double = 15 * 60
    /// Events a learner may send in all (a class of a day makes a few hundred).
    package static let eventsPerLearner = 20_000
    /// Hands one learner may have up at once.
    package static let openHandsPerLearner = 3
    /// What one learner's asks may carry in all (files and reports), in bytes.
    package static let askBytesPerLearner = 2 * 1024 * 1024
    package static let eventIDCharacters = 8...64
}
