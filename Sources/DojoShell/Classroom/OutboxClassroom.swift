import ClassProtocol
import DojoWorkspace
import Foundation

/// The real `Classroom`: events go to the workspace's outbox (a file each, a millisecond) and
/// the courier (`didojo-class-client deliver`, started in the background) takes them to the
/// server. The shell never waits on the network; a learner offline for an hour loses nothing.
package final class OutboxClassroom: Classroom {
    private let outbox: ClassOutbox
    private let client: any ClassClientLaunching
    /// What `leave` waits on while the courier at work stops.
    private let clock: any Clock<Duration>

    package init(outbox: ClassOutbox, client: any ClassClientLaunching, clock: any Clock<Duration>) {
        self.outbox = outbox
        self.client = client
        self.clock = clock
    }

    package var membership: ClassMembership? { outbox.membership() }

    package func record(_ event: ClassEvent) {
        // One stat when not in a class: the common case costs nothing worth measuring.
        guard outbox.isJoined else { return }
        do {
            try outbox.add(event)
        } catch {
            return   // a full disk must not stop the learner; `class status` shows what waits
        }
        client.startDelivery()
    }

    package func join(url: String, code: String, name: String) async -> Result<ClassMembership, ClassroomProblem> {
        switch await client.join(url: url, code: code, name: name) {
        case .failure(let problem): return .failure(problem)
        case .success:
            guard let membership = outbox.membership() else {
                return .failure(ClassroomProblem("The class answered, but the workspace did not keep the membership: check that \(outbox.stateFolder.path) can be written."))
            }
            return .success(membership)
        }
    }

    /// Stops the courier at work (it may be retrying the class for minutes) and drops what
    /// waits while holding the courier's lock, so that no batch is between being read and sent.
    package func leave() async throws {
        let lock = await CourierLock.takeOver(outbox.courierLock, clock: clock)
        defer { lock?.release() }
        try outbox.leave()
    }

    package func status() -> ClassroomStatus {
        ClassroomStatus(waiting: outbox.pending().count, refused: outbox.refusedCount, lastDelivery: outbox.lastDelivery())
    }

    package func refresh(within seconds: Int) async -> Result<Void, ClassroomProblem> {
        guard outbox.isJoined else { return .success(()) }
        return await client.refresh(within: seconds)
    }

    package func deliverNow() {
        guard outbox.isJoined else { return }
        client.startDelivery()
    }
}
