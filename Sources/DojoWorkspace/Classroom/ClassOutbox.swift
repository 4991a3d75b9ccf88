import ClassProtocol
import DojoCore
import Foundation

/// The learner's side of the live classroom on disk: the class joined (`.didojo/class.json`)
/// and the events waiting to be delivered (`.didojo/class-outbox/`, one file an event).
///
/// The shell only ever writes here, which takes a millisecond and never waits on the network;
/// `didojo-class-client` delivers in the background and deletes what the server has stored.
/// An event is a file until the server says it has it, so nothing is lost to a dead network, a
/// killed shell or a restarted server; and its id makes a second delivery harmless.
package struct ClassOutbox: Sendable {
    package let stateFolder: URL
    private let fileSystem: any FileSystem

    package init(stateFolder: URL, fileSystem: any FileSystem) {
        self.stateFolder = stateFolder
        self.fileSystem = fileSystem
    }

    package var membershipFile: URL { ClassMembership.file(inStateFolder: stateFolder) }
    package var folder: URL { ClassMembership.outbox(inStateFolder: stateFolder) }
    /// Events the server refused (a rule broken), kept with the reason rather than retried for ever.
    package var refusedFolder: URL { stateFolder.appendingPathComponent("class-refused", isDirectory: true) }
    /// What the last delivery came to, for `class status`.
    package var deliveryFile: URL { stateFolder.appendingPathComponent("class-delivery.json") }
    /// Held by the one courier delivering this outbox.
    package var courierLock: URL { stateFolder.appendingPathComponent("class-courier.lock") }

    /// Whether this workspace joined a class: one `stat`, what every event costs outside a class.
    package var isJoined: Bool { fileSystem.fileExists(at: membershipFile) }

    /// The events the server refused, kept aside with their reasons.
    package var refusedCount: Int { eventFiles(in: refusedFolder).count }

    /// The class this workspace joined, if any. A file that cannot be read counts as none (and
    /// `class status` says why).
    package func membership() -> ClassMembership? {
        guard let data = try? fileSystem.contents(of: membershipFile) else { return nil }
        return try? ClassJSON.decoder().decode(ClassMembership.self, from: data)
    }

    /// Kept by this user alone (the folder 0700, the file 0600): it holds the learner's token.
    package func saveMembership(_ membership: ClassMembership) throws {
        try fileSystem.createPrivateDirectory(at: stateFolder)
        try fileSystem.writePrivately(try ClassJSON.encoder().encode(membership), to: membershipFile)
    }

    /// Keeps the lessons the teacher unlocked for the room in the membership, where the shell
    /// reads them; the file is written only when they changed.
    package func noteUnlocked(_ lessons: [String]) throws {
        guard var membership = membership(), membership.unlockedLessons != lessons else { return }
        membership.unlockedLessons = lessons
        try saveMembership(membership)
    }

    /// Leaves the class: the membership goes; events not yet delivered go too (they belong to
    /// a class this workspace no longer reports to).
    package func leave() throws {
        if fileSystem.fileExists(at: membershipFile) { try fileSystem.removeItem(at: membershipFile) }
        if fileSystem.directoryExists(at: folder) { try fileSystem.removeItem(at: folder) }
        if fileSystem.fileExists(at: deliveryFile) { try fileSystem.removeItem(at: deliveryFile) }
    }

    /// Puts an event in the outbox, cut to the limits. Named by time then id, so that a
    /// listing is the order the events happened.
    package func add(_ event: ClassEvent) throws {
        let fitted = event.fitted()
        let stamp = String(format: "%017.6f", fitted.time.timeIntervalSince1970)
        try fileSystem.write(try ClassJSON.encoder().encode(fitted), to: folder.appendingPathComponent("\(stamp)-\(fitted.id).event.json"))
    }

    /// The files waiting, oldest first.
    package func pending() -> [URL] { eventFiles(in: folder) }

    /// The event files of `folder`, by name (a file being written has a hidden name of its own).
    private func eventFiles(in folder: URL) -> [URL] {
        ((try? fileSystem.contentsOfDirectory(at: folder)) ?? []).filter { $0.lastPathComponent.hasSuffix(".event.json") }
    }

    /// Reads a waiting event; nil when the file is not one (it is then set aside as refused).
    package func event(at file: URL) -> ClassEvent? {
        guard let data = try? fileSystem.contents(of: file) else { return nil }
        return try? ClassJSON.decoder().decode(ClassEvent.self, from: data)
    }

    /// The server has these: they leave the outbox.
    package func delivered(_ files: [URL]) {
        for file in files { try? fileSystem.removeItem(at: file) }
    }

    /// The server refused these for `reason`: kept aside with it, out of the queue.
    package func refused(_ files: [URL], reason: String) {
        for file in files {
            let target = refusedFolder.appendingPathComponent(file.lastPathComponent)
            try? fileSystem.createDirectory(at: refusedFolder)
            try? fileSystem.moveItem(at: file, to: target)
            try? fileSystem.write(Data((reason + "\n").utf8), to: target.appendingPathExtension("reason.txt"))
        }
    }

    /// What the last delivery came to.
    package func lastDelivery() -> DeliveryStatus? {
        guard let data = try? fileSystem.contents(of: deliveryFile) else { return nil }
        return try? ClassJSON.decoder().decode(DeliveryStatus.self, from: data)
    }

    package func recordDelivery(_ status: DeliveryStatus) {
        try? fileSystem.write(try ClassJSON.encoder().encode(status), to: deliveryFile)
    }
}

/// What the courier last managed, for `class status`.
package struct DeliveryStatus: Codable, Sendable, Equatable {
    package var time: Date
    /// True when the server answered and stored the batch.
    package var succeeded: Bool
    /// In the learner's terms: "delivered 3 events", "no answer from http://…: retrying".
    package var message: String

    package init(time: Date, succeeded: Bool, message: String) {
        self.time = time
        self.succeeded = succeeded
        self.message = message
    }
}
