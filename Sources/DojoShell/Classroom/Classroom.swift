import ClassProtocol
import DojoGrading
import DojoWorkspace
import Foundation

/// The live classroom as the shell sees it: whether this workspace joined a class, and a place
/// to drop what the learner does. Recording never waits on the network (see `OutboxClassroom`).
package protocol Classroom: CheckObserver {
    /// The class joined, if any.
    var membership: ClassMembership? { get }
    /// Queues an event for the class, when the workspace is in one; does nothing otherwise.
    func record(_ event: ClassEvent)
    /// Joins the class at `url` (waits for the server's answer: the learner asked).
    func join(url: String, code: String, name: String) async -> Result<ClassMembership, ClassroomProblem>
    /// Leaves the class: the courier at work is stopped first, and what waits is dropped.
    func leave() async throws
    /// Events waiting to go, and what the last delivery came to.
    func status() -> ClassroomStatus
    /// Asks the courier to deliver now, in the background.
    func deliverNow()
    /// Asks the class which lessons the teacher unlocked for the room; the learner waits, at
    /// most `seconds`.
    func refresh(within seconds: Int) async -> Result<Void, ClassroomProblem>
}

extension Classroom {
    /// `class status`'s question: a few seconds at most.
    package func refresh() async -> Result<Void, ClassroomProblem> { await refresh(within: 5) }

    /// A check the learner ran becomes the class's `check` event; a grading run does not.
    package func checkRecorded(_ event: CheckEvent) {
        guard let classEvent = ClassEvent(event) else { return }
        record(classEvent)
    }
}

/// Why joining a class did not work, in the learner's terms.
package struct ClassroomProblem: Error, Equatable, Sendable {
    package let message: String
    package init(_ message: String) { self.message = message }
}

package struct ClassroomStatus: Sendable, Equatable {
    package var waiting: Int
    package var refused: Int
    package var lastDelivery: DeliveryStatus?

    package init(waiting: Int, refused: Int, lastDelivery: DeliveryStatus?) {
        self.waiting = waiting
        self.refused = refused
        self.lastDelivery = lastDelivery
    }
}

/// Not in a class: the shell outside a live class (and most tests).
package struct NoClassroom: Classroom {
    package init() {}
    package var membership: ClassMembership? { nil }
    package func record(_ event: ClassEvent) {}
    package func join(url: String, code: String, name: String) async -> Result<ClassMembership, ClassroomProblem> {
        .failure(ClassroomProblem("This didojo cannot join a class."))
    }
    package func leave() throws {}
    package func status() -> ClassroomStatus { ClassroomStatus(waiting: 0, refused: 0, lastDelivery: nil) }
    package func deliverNow() {}
    package func refresh(within seconds: Int) async -> Result<Void, ClassroomProblem> { .success(()) }
}

extension ClassEvent {
    /// The class's event for a check the learner ran; nil for a grading run, which is the
    /// teacher's, not one of the learner's attempts.
    package init?(_ check: CheckEvent) {
        guard check.purpose == .attempt else { return nil }
        self.init(
            kind: .check, time: check.time, lessonID: check.lessonID, exerciseID: check.exerciseID, passed: check.passed,
            failingChecks: check.failingChecks, mistake: Self.whatWentWrong(check.report))
    }

    /// What went wrong beyond the names of the failing checks, in the words the shell uses:
    /// the outcome when it is not a plain failure, else the first wiring finding.
    static func whatWentWrong(_ report: CheckReport) -> String? {
        switch report.outcome {
        case .passed, .cancelled: return nil
        case .compileFailed: return "does not compile"
        case .crashed: return "crashes"
        case .timedOut: return "runs past the time limit"
        case .noTestsWritten: return "no test written yet"
        case .tooMuchOutput: return "prints too much"
        case .resultsInterfered: return "the check's results were interfered with"
        case .checksFailed, .mutantsSurvived: return report.wiringNotes.first.map { "looks like a \($0.kind.title)" }
        }
    }
}
