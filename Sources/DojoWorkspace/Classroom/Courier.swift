import ClassProtocol
import DojoCore
import Foundation

/// Delivers a workspace's class outbox: batches of events, oldest first, each deleted only
/// once the server has stored it; retries with back-off (and jitter, so that a room of shells
/// does not come back in step after the server restarts) while the server cannot be reached,
/// and gives up after a while without a delivery (the shell starts a new courier with the next
/// event, and at its next start). One courier per workspace, by a lock (`CourierLock`).
///
/// It reads the membership (address and token) again for every batch: `class join` to another
/// class, or `class leave`, takes effect at the next batch, never with the old class's token.
/// The network (`transport`), the clock it waits on and the time it notes deliveries with
/// (`timeSource`) come from `didojo-class-client`'s composition root.
package struct Courier<C: Clock>: Sendable where C.Duration == Duration {
    let outbox: ClassOutbox
    let transport: any ClassTransport
    let clock: C
    /// When a delivery was tried, for `class status`.
    let timeSource: any TimeSource
    let giveUpAfter: Duration
    /// A number in 0..<1; the back-off is multiplied by 0.5 + it.
    let jitter: @Sendable () -> Double
    /// Takes the courier lock; nil when another courier holds it.
    let takeLock: @Sendable () -> CourierLock?
    /// A batch stays under the server's 64 KiB with room to spare.
    static var batchBytes: Int { 56 * 1024 }

    package init(
        outbox: ClassOutbox, transport: any ClassTransport, clock: C, timeSource: any TimeSource, giveUpAfter: Duration,
        jitter: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) },
        takeLock: (@Sendable () -> CourierLock?)? = nil
    ) {
        self.outbox = outbox
        self.transport = transport
        self.clock = clock
        self.timeSource = timeSource
        self.giveUpAfter = giveUpAfter
        self.jitter = jitter
        let lockFile = outbox.courierLock
        self.takeLock = takeLock ?? { CourierLock.take(lockFile, asOwner: true) }
    }

    /// How delivering ended.
    package enum Ending: Equatable, Sendable {
        /// Nothing left to deliver (or no class joined).
        case delivered
        /// Another courier holds the lock.
        case anotherCourier
        /// The server does not know this workspace's token (401).
        case unknownToken
        /// No delivery for `giveUpAfter`.
        case gaveUp
    }

    @discardableResult
    package func run() async -> Ending {
        var lastSuccess = clock.now
        var backoff = 0.5
        var oneAtATime = false
        while true {
            guard let lock = takeLock() else { return .anotherCourier }
            while let membership = outbox.membership() {
                let files = outbox.pending()
                guard !files.isEmpty else { break }
                let batch = nextBatch(files, oneAtATime: oneAtATime)
                if !batch.unreadable.isEmpty { outbox.refused(batch.unreadable, reason: "not a class event this version can read") }
                guard !batch.files.isEmpty else { continue }
                switch await transport.send(EventBatch(events: batch.events), to: membership.serverURL, token: membership.token) {
                case .success(let receipt):
                    outbox.delivered(batch.files)
                    lastSuccess = clock.now
                    backoff = 0.5
                    oneAtATime = false
                    try? outbox.noteUnlocked(receipt.unlockedLessons)
                    outbox.recordDelivery(DeliveryStatus(time: timeSource.now(), succeeded: true, message: "delivered " + CountedNoun.words(batch.files.count, "event")))
                case .failure(.refused(let status, let message, _)) where status == 422 || status == 413 || status == 400:
                    if batch.files.count > 1 {
                        oneAtATime = true   // find the one the server refuses; deliver the rest
                    } else {
                        outbox.refused(batch.files, reason: message)
                    }
                case .failure(.refused(401, let message, _)):
                    outbox.recordDelivery(DeliveryStatus(time: timeSource.now(), succeeded: false, message: "the class server no longer knows this workspace (\(message)); the events are kept: 'class join' again"))
                    return .unknownToken
                case .failure(let problem):
                    var wait = backoff * (0.5 + jitter())
                    switch problem {
                    case .refused(_, let message, let retryAfter):
                        wait = max(wait, retryAfter ?? 0)
                        outbox.recordDelivery(DeliveryStatus(time: timeSource.now(), succeeded: false, message: "the class server said: \(message); retrying"))
                    case .unreachable(let reason):
                        outbox.recordDelivery(DeliveryStatus(time: timeSource.now(), succeeded: false, message: "no answer from \(membership.serverURL.absoluteString) (\(reason)); retrying"))
                    }
                    guard lastSuccess.duration(to: clock.now) < giveUpAfter else { return .gaveUp }
                    try? await clock.sleep(for: .milliseconds(Int(wait * 1000)))
                    backoff = min(backoff * 2, 15)
                }
            }
            lock.release()
            // An event written while this courier held the lock, after its last look, found the
            // lock taken and left it to this courier: look once more before ending.
            if outbox.membership() == nil || outbox.pending().isEmpty { return .delivered }
        }
    }

    private struct Batch {
        var files: [URL] = []
        var events: [ClassEvent] = []
        var unreadable: [URL] = []
    }

    /// The oldest events that fit in one request: an `ask` travels alone (its file is large).
    private func nextBatch(_ files: [URL], oneAtATime: Bool) -> Batch {
        var batch = Batch()
        var bytes = 0
        let encoder = ClassJSON.encoder()
        for file in files {
            guard let event = outbox.event(at: file) else {
                batch.unreadable.append(file)
                continue
            }
            let size = (try? encoder.encode(event).count) ?? 0
            if event.kind == .ask {
                if batch.files.isEmpty { batch.files = [file]; batch.events = [event] }
                break
            }
            if !batch.files.isEmpty && (bytes + size > Self.batchBytes || batch.files.count >= ClassLimits.eventsPerBatch || oneAtATime) { break }
            batch.files.append(file)
            batch.events.append(event)
            bytes += size
        }
        return batch
    }
}
