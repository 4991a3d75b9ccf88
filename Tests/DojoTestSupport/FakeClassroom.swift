import ClassProtocol
import DojoShell
import Foundation
import Synchronization

/// A live class that keeps what the shell recorded, for the shell's tests.
package final class FakeClassroom: Classroom, Sendable {
    private let state: Mutex<(membership: ClassMembership?, events: [ClassEvent], deliveries: Int)>

    /// Events the status says wait for delivery.
    private let waiting: Int
    /// What `refresh` brings: the lessons the teacher unlocked, or a problem; nil leaves the
    /// membership as it is.
    private let refreshAnswer: Result<[String], ClassroomProblem>?
    private let refreshCount = Mutex(0)

    package init(membership: ClassMembership? = FakeClassroom.member(), waiting: Int = 0, refreshAnswer: Result<[String], ClassroomProblem>? = nil) {
        state = Mutex((membership, [], 0))
        self.waiting = waiting
        self.refreshAnswer = refreshAnswer
    }

    /// How often the shell asked the class.
    package var refreshes: Int { refreshCount.withLock { $0 } }

    package static func member(unlocked: [String] = []) -> ClassMembership {
        ClassMembership(
            serverURL: URL(string: "http://127.0.0.1:8080")!, learnerID: "L-1", token: "t", className: "Friday class", name: "Ada",
            joinedAt: Date(timeIntervalSince1970: 0), unlockedLessons: unlocked)
    }

    package var events: [ClassEvent] { state.withLock { $0.events } }
    package var deliveries: Int { state.withLock { $0.deliveries } }
    package var membership: ClassMembership? { state.withLock { $0.membership } }
    package func record(_ event: ClassEvent) {
        state.withLock { if $0.membership != nil { $0.events.append(event) } }
    }
    package func join(url: String, code: String, name: String) async -> Result<ClassMembership, ClassroomProblem> {
        .failure(ClassroomProblem("fake"))
    }
    package func leave() throws { state.withLock { $0.membership = nil } }
    package func status() -> ClassroomStatus { ClassroomStatus(waiting: waiting, refused: 0, lastDelivery: nil) }
    /// Counted only in a class, as the real one starts a courier only then.
    package func deliverNow() { state.withLock { if $0.membership != nil { $0.deliveries += 1 } } }
    package func refresh(within seconds: Int) async -> Result<Void, ClassroomProblem> {
        refreshCount.withLock { $0 += 1 }
        switch refreshAnswer {
        case nil: return .success(())
        case .failure(let problem)?: return .failure(problem)
        case .success(let unlocked)?:
            state.withLock { $0.membership?.unlockedLessons = unlocked }
            return .success(())
        }
    }
}
