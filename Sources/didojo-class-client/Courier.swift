import ClassProtocol
import DojoCore
import Foundation
import Glibc

/// Delivers a workspace's class outbox: batches of events, oldest first, each deleted only
/// once the server has stored it; retries with back-off while the server cannot be reached,
/// and gives up after a while without a delivery (the shell starts a new courier with the
/// next event, and at its next start). One courier per workspace, by a lock.
struct Courier {
    let outbox: ClassOutbox
    let giveUpAfter: Double
    /// A batch stays under the server's 64 KiB with room to spare.
    static let batchBytes = 56 * 1024

    func run() async {
        guard let membership = outbox.membership() else { return }
        let connection = ClassServerConnection(server: membership.serverURL, token: membership.token)
        var lastSuccess = Date()
        var backoff = 0.5
        var oneAtATime = false
        while true {
            guard let lock = CourierLock(file: outbox.courierLock) else { return }   // another courier has it
            var files = outbox.pending()
            while !files.isEmpty {
                let batch = nextBatch(files, oneAtATime: oneAtATime)
                if !batch.unreadable.isEmpty { outbox.refused(batch.unreadable, reason: "not a class event this version can read") }
                guard !batch.files.isEmpty else { files = outbox.pending(); continue }
                switch await connection.send("POST", "/api/events", body: EventBatch(events: batch.events)) {
                case .success(let data):
                    outbox.delivered(batch.files)
                    lastSuccess = Date()
                    backoff = 0.5
                    oneAtATime = false
                    if let receipt = try? ClassJSON.decoder().decode(BatchReceipt.self, from: data) {
                        try? outbox.noteUnlocked(receipt.unlockedLessons)
                    }
                    outbox.recordDelivery(DeliveryStatus(time: Date(), succeeded: true, message: "delivered " + CountedNoun.words(batch.files.count, "event")))
                case .failure(.refused(let status, let message, _)) where status == 422 || status == 413 || status == 400:
                    if batch.files.count > 1 {
                        oneAtATime = true   // find the one the server refuses; deliver the rest
                    } else {
                        outbox.refused(batch.files, reason: message)
                    }
                case .failure(.refused(401, let message, _)):
                    outbox.recordDelivery(DeliveryStatus(time: Date(), succeeded: false, message: "the class server no longer knows this workspace (\(message)); the events are kept: 'class join' again"))
                    return
                case .failure(let problem):
                    var wait = backoff
                    switch problem {
                    case .refused(_, let message, let retryAfter):
                        wait = max(wait, retryAfter ?? 0)
                        outbox.recordDelivery(DeliveryStatus(time: Date(), succeeded: false, message: "the class server said: \(message); retrying"))
                    case .unreachable(let reason):
                        outbox.recordDelivery(DeliveryStatus(time: Date(), succeeded: false, message: "no answer from \(membership.serverURL.absoluteString) (\(reason)); retrying"))
                    }
                    guard Date().timeIntervalSince(lastSuccess) < giveUpAfter else { return }
                    try? await Task.sleep(for: .seconds(wait))
                    backoff = min(backoff * 2, 15)
                }
                files = outbox.pending()
            }
            lock.release()
            // An event written while this courier held the lock, after its last look, found the
            // lock taken and left it to this courier: look once more before ending.
            if outbox.pending().isEmpty { return }
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
        for file in files {
            guard let event = outbox.event(at: file) else {
                batch.unreadable.append(file)
                continue
            }
            let size = (try? ClassJSON.encoder().encode(event).count) ?? 0
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

/// An advisory lock held for as long as this value lives (flock, released when the process
/// ends however it ends).
final class CourierLock {
    private var descriptor: Int32

    init?(file: URL) {
        descriptor = open(file.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return nil }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            return nil
        }
    }

    func release() {
        guard descriptor >= 0 else { return }
        flock(descriptor, LOCK_UN)
        close(descriptor)
        descriptor = -1
    }

    deinit { release() }
}
