import ClassProtocol
import Clocks
import DojoCore
import DojoTestSupport
import DojoWorkspace
import Foundation
import Synchronization
import Testing

/// The courier's logic with a fake network and a test clock: which class each batch goes to,
/// the back-off and its jitter, giving up. (The real network and processes: `CourierProcessTests`.)
@Suite struct CourierTests {
    /// The class servers as the courier sees them: each address answers or not, and every
    /// batch sent is kept with the address and token it went with.
    final class FakeTransport: ClassTransport {
        struct Sent: Equatable {
            var server: String
            var token: String
            var eventIDs: [String]
        }
        private let state = Mutex<(sent: [Sent], down: Set<String>)>(([], []))
        /// Events the server refuses (422), by id: a batch holding one is refused whole.
        private let refusing: Set<String>

        init(down: Set<String> = [], refusing: Set<String> = []) {
            self.refusing = refusing
            state.withLock { $0.down = down }
        }

        var sent: [Sent] { state.withLock { $0.sent } }
        func setDown(_ servers: Set<String>) { state.withLock { $0.down = servers } }

        func send(_ batch: EventBatch, to server: URL, token: String) async -> Result<BatchReceipt, ClassTransportProblem> {
            state.withLock { state in
                state.sent.append(Sent(server: server.absoluteString, token: token, eventIDs: batch.events.map(\.id)))
                if state.down.contains(server.absoluteString) { return .failure(.unreachable("connection refused")) }
                if batch.events.contains(where: { refusing.contains($0.id) }) {
                    return .failure(.refused(status: 422, message: "'no-di.99' is not an exercise of this class.", retryAfter: nil))
                }
                return .success(BatchReceipt(accepted: batch.events.count, duplicates: 0, unlockedLessons: []))
            }
        }
    }

    /// swift-clocks' `TestClock`, counting the sleeps begun, so that a test advances it only
    /// once the courier waits on it.
    final class CountingClock: Clock, Sendable {
        let clock = TestClock()
        private let count = Mutex(0)
        var now: TestClock<Duration>.Instant { clock.now }
        var minimumResolution: Duration { clock.minimumResolution }
        var sleeps: Int { count.withLock { $0 } }

        func sleep(until deadline: TestClock<Duration>.Instant, tolerance: Duration?) async throws {
            count.withLock { $0 += 1 }
            try await clock.sleep(until: deadline, tolerance: tolerance)
        }

        /// Waits until the courier has begun its `sleeps`-th wait, then moves time on.
        func advance(afterSleep sleeps: Int, by duration: Duration) async throws {
            try await CourierTests.until { self.sleeps >= sleeps }
            await clock.advance(by: duration)
        }
    }

    static func membership(_ server: String, token: String) -> ClassMembership {
        ClassMembership(serverURL: URL(string: server)!, learnerID: "L-" + token, token: token, className: server, name: "Ada", joinedAt: Date())
    }

    static func check(_ exercise: String) -> ClassEvent {
        ClassEvent(kind: .check, time: Date(), exerciseID: exercise, passed: false)
    }

    /// Waits (on the real clock, bounded) until `condition` holds.
    static func until(_ condition: () -> Bool) async throws {
        let deadline = Date().addingTimeInterval(60)
        while !condition(), Date() < deadline { try await Task.sleep(for: .milliseconds(5)) }
    }

    /// The bug: the courier of the old class was retrying it when the learner joined
    /// another class, and went on sending there with the old address and token.
    @Test func aCourierRetryingTheOldClassSendsTheNewClassesEventsToTheNewOne() async throws {
        let folder = try TemporaryFolder("courier-rejoin")
        let outbox = ClassOutbox(stateFolder: folder.url, fileSystem: LocalFileSystem())
        try outbox.saveMembership(Self.membership("http://old.example:8080", token: "old-token"))
        let old = Self.check("no-di.1")
        try outbox.add(old)
        let transport = FakeTransport(down: ["http://old.example:8080"])
        let clock = CountingClock()
        let courier = Courier(outbox: outbox, transport: transport, clock: clock, timeSource: FixedTimeSource(), giveUpAfter: .seconds(1800), jitter: { 0.5 })
        let delivering = Task { await courier.run() }
        try await Self.until { clock.sleeps == 1 }
        #expect(transport.sent.first == .init(server: "http://old.example:8080", token: "old-token", eventIDs: [old.id]))

        // `class join` to another class, while the courier waits to retry the old one.
        try outbox.leave()
        try outbox.saveMembership(Self.membership("http://new.example:8080", token: "new-token"))
        let new = Self.check("no-di.2")
        try outbox.add(new)
        try await clock.advance(afterSleep: 1, by: .seconds(1))

        #expect(await delivering.value == .delivered)
        #expect(transport.sent.dropFirst().map(\.server) == ["http://new.example:8080"], "\(transport.sent)")
        #expect(transport.sent.last == .init(server: "http://new.example:8080", token: "new-token", eventIDs: [new.id]))
        #expect(outbox.pending().isEmpty)
        #expect(outbox.lastDelivery()?.time == FixedTimeSource().date, "a delivery is noted at the courier's time")
    }

    /// `class leave` while the courier waits: it sends nothing more, to anyone.
    @Test func aCourierWaitingWhenTheLearnerLeavesSendsNothingMore() async throws {
        let folder = try TemporaryFolder("courier-leave")
        let outbox = ClassOutbox(stateFolder: folder.url, fileSystem: LocalFileSystem())
        try outbox.saveMembership(Self.membership("http://old.example:8080", token: "old-token"))
        try outbox.add(Self.check("no-di.1"))
        let transport = FakeTransport(down: ["http://old.example:8080"])
        let clock = CountingClock()
        let delivering = Task { await Courier(outbox: outbox, transport: transport, clock: clock, timeSource: FixedTimeSource(), giveUpAfter: .seconds(1800), jitter: { 0.5 }).run() }
        try await Self.until { clock.sleeps == 1 }
        try outbox.leave()
        await clock.clock.advance(by: .seconds(60))
        #expect(await delivering.value == .delivered)
        #expect(transport.sent.count == 1)
    }

    /// The back-off doubles up to 15 s, times 0.5 to 1.5 by the jitter, so that a room of shells
    /// does not come back in step; after `giveUpAfter` without a delivery the courier ends.
    @Test(arguments: [0.0, 0.99])
    func theBackOffHasJitterAndTheCourierGivesUp(jitter: Double) async throws {
        let folder = try TemporaryFolder("courier-backoff")
        let outbox = ClassOutbox(stateFolder: folder.url, fileSystem: LocalFileSystem())
        try outbox.saveMembership(Self.membership("http://down.example:8080", token: "t"))
        try outbox.add(Self.check("no-di.1"))
        let transport = FakeTransport(down: ["http://down.example:8080"])
        let clock = CountingClock()
        let delivering = Task { await Courier(outbox: outbox, transport: transport, clock: clock, timeSource: FixedTimeSource(), giveUpAfter: .seconds(60), jitter: { jitter }).run() }
        // The first wait is 0.5 s × (0.5 + jitter): 0.25 s, or 0.745 s.
        try await clock.advance(afterSleep: 1, by: .milliseconds(300))
        if jitter == 0 {
            try await clock.advance(afterSleep: 2, by: .zero)   // the courier tried again, and waits
        } else {
            try await Task.sleep(for: .milliseconds(200))
        }
        #expect(transport.sent.count == (jitter == 0 ? 2 : 1), "jitter \(jitter)")
        // Two minutes without a delivery: after its next try, the courier gives up.
        try await clock.advance(afterSleep: clock.sleeps, by: .seconds(120))
        #expect(await delivering.value == .gaveUp)
        #expect(outbox.pending().count == 1, "the event is kept for the next courier")
    }

    /// Another courier holds the lock: this one ends at once, sending nothing.
    @Test func oneCourierPerWorkspace() async throws {
        let folder = try TemporaryFolder("courier-lock")
        let outbox = ClassOutbox(stateFolder: folder.url, fileSystem: LocalFileSystem())
        try outbox.saveMembership(Self.membership("http://class.example:8080", token: "t"))
        try outbox.add(Self.check("no-di.1"))
        let held = try #require(CourierLock.take(outbox.courierLock))
        let transport = FakeTransport()
        #expect(await Courier(outbox: outbox, transport: transport, clock: TestClock(), timeSource: FixedTimeSource(), giveUpAfter: .seconds(60)).run() == .anotherCourier)
        #expect(transport.sent.isEmpty)
        held.release()
    }

    /// An event the server refuses (422) among others: the courier finds it by sending one at a
    /// time, delivers the rest, and keeps the refused one aside with the reason, counted (what
    /// `class status` says), never retried for ever nor lost silently.
    @Test func anEventTheServerRefusesIsKeptAsideAndCountedAndTheRestDelivered() async throws {
        let folder = try TemporaryFolder("courier-refused")
        let outbox = ClassOutbox(stateFolder: folder.url, fileSystem: LocalFileSystem())
        try outbox.saveMembership(Self.membership("http://class.example:8080", token: "t"))
        let events = ["no-di.1", "no-di.2", "no-di.3"].map(Self.check)
        for event in events { try outbox.add(event) }
        let transport = FakeTransport(refusing: [events[1].id])
        let ending = await Courier(outbox: outbox, transport: transport, clock: TestClock(), timeSource: FixedTimeSource(), giveUpAfter: .seconds(60)).run()
        #expect(ending == .delivered)
        #expect(outbox.pending().isEmpty)
        #expect(outbox.refusedCount == 1)
        let delivered = Set(transport.sent.filter { !$0.eventIDs.contains(events[1].id) }.flatMap(\.eventIDs))
        #expect(delivered == [events[0].id, events[2].id], "\(transport.sent)")
        let kept = try FileManager.default.contentsOfDirectory(atPath: outbox.refusedFolder.path)
        #expect(kept.count >= 1, "the refused event is kept, with its reason: \(kept)")
    }
}

