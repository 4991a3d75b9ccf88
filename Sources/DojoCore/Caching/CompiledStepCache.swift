import ContentHash
import Foundation
import Glibc

/// Keeps the outputs of compile steps between checks, so a step whose inputs have not changed
/// is copied instead of compiled: the checks of an exercise while the learner's interface stays
/// the same, a test-writing exercise's subject and its mutants always. (A second instance, in a
/// folder of its own, keeps the lessons' decoded manifests the same way.)
///
/// An entry is found by a hash of everything the outputs depend on (the step's commands, the
/// inputs' paths and contents, the interface it compiles against), and used only when that
/// whole description matches byte for byte, so a hash collision can never hand back the wrong
/// object. Entries are written to a folder of their own and renamed into place, so checks
/// running side by side (`verify`) never see half an entry. Beyond `limit`, the entries
/// used least recently go.
package struct CompiledStepCache: Sendable {
    private let folder: URL
    private let fileSystem: any FileSystem
    private let limit: Int
    /// How long an entry counts as in use after it was last found or made (see `removeOldest`).
    private let recentUse: TimeInterval
    private let timeSource: any TimeSource

    /// Where the cache keeps its entries: what tells one cache from another.
    package var location: URL { folder }

    /// How often, at most, the cache is looked at for entries to remove (see `removeOldest`).
    private let pruneInterval: TimeInterval

    /// - Parameter timeSource: when "now" is, for marking entries used and for pruning.
    package init(
        folder: URL, fileSystem: any FileSystem, timeSource: any TimeSource,
        limit: Int = 200, recentUse: TimeInterval = 10 * 60, pruneInterval: TimeInterval = 60
    ) {
        self.folder = folder
        self.fileSystem = fileSystem
        self.timeSource = timeSource
        self.limit = limit
        self.recentUse = recentUse
        self.pruneInterval = pruneInterval
    }

    /// Copies the entry for `key` into `destination`. False when there is none (or it cannot be
    /// read), and the step must run.
    package func restore(_ files: [String], for key: CacheKey, into destination: URL) -> Bool {
        guard let entry = matchingEntry(for: key) else { return false }
        for file in files {
            let target = destination.appendingPathComponent(file)
            try? fileSystem.removeItem(at: target)
            do {
                try fileSystem.copyItem(at: entry.appendingPathComponent(file), to: target)
            } catch {
                return false
            }
        }
        return true
    }

    /// Where the entry for `key` keeps `file`, to be used in place (the program that runs the
    /// checks is run from here, never copied out); nil when there is no such entry.
    package func file(_ file: String, for key: CacheKey) -> URL? {
        guard let entry = matchingEntry(for: key) else { return nil }
        let kept = entry.appendingPathComponent(file)
        return fileSystem.fileExists(at: kept) ? kept : nil
    }

    /// Keeps `files` from `source` as the entry for `key`. Failing to keep them only costs a
    /// later compile, so errors are dropped.
    package func store(_ files: [String], for key: CacheKey, from source: URL) {
        publish(for: key) { incoming in
            for file in files {
                try fileSystem.copyItem(at: source.appendingPathComponent(file), to: incoming.appendingPathComponent(file))
            }
        }
    }

    /// Keeps `source` under the name `name` as the entry for `key`: a hard link where the cache
    /// and `source` share a file system, else a copy.
    ///
    /// Why a link first, for a program that is run from the cache: a copy this process writes is
    /// open for writing while it is written, and a child another thread starts in that moment
    /// holds it open until it closes what it inherited; the kernel refuses to run a file that is
    /// open for writing anywhere ("Text file busy"). A link opens nothing.
    package func store(linkOrCopyOf source: URL, as name: String, for key: CacheKey) {
        publish(for: key) { incoming in
            let target = incoming.appendingPathComponent(name)
            if link(source.path, target.path) != 0 {
                try fileSystem.copyItem(at: source, to: target)
            }
        }
    }

    /// The bytes kept for `key` (the linker's library list), or nil.
    package func value(for key: CacheKey) -> Data? {
        matchingEntry(for: key).flatMap { try? fileSystem.contents(of: $0.appendingPathComponent(Self.valueFile)) }
    }

    /// Keeps `value` for `key`.
    package func store(value: Data, for key: CacheKey) {
        publish(for: key) { incoming in
            try fileSystem.writeReplaceable(value, to: incoming.appendingPathComponent(Self.valueFile))
        }
    }

    /// A value kept as JSON for `key` (the compiler's plans, a checks file's test cases), or nil.
    package func value<Value: Decodable>(_ type: Value.Type, for key: CacheKey) -> Value? {
        value(for: key).flatMap { try? JSONDecoder().decode(type, from: $0) }
    }

    /// Keeps `value` as JSON for `key`.
    package func store<Value: Encodable>(_ value: Value, for key: CacheKey) {
        if let encoded = try? JSONEncoder().encode(value) { store(value: encoded, for: key) }
    }

    /// The value kept as JSON for `key`, or else the one `make` works out, kept from then on:
    /// for answers that take a while to work out and depend on nothing but the key.
    package func value<Value: Codable>(_ type: Value.Type, for key: CacheKey, orMake make: () -> Value) -> Value {
        if let kept = value(type, for: key) { return kept }
        let made = make()
        store(made, for: key)
        return made
    }

    private static let valueFile = "value"
    /// Hidden (the folder's listing skips it), dated when the cache was last looked at for pruning.
    private static let prunedMarker = ".last-pruned"

    /// The entry for `key`, if there is one and it was made for this very key.
    ///
    /// Pruning goes by date, so an entry found is marked as used now: one in use at every
    /// check (the checks of the exercise at hand, the compiler's plans) counts as new,
    /// however long ago it was made.
    private func matchingEntry(for key: CacheKey) -> URL? {
        let entry = self.entry(for: key)
        guard (try? fileSystem.contents(of: entry.appendingPathComponent("key"))) == key.data else { return nil }
        try? fileSystem.setModificationDate(timeSource.now(), of: entry)
        return entry
    }

    /// Fills a folder of its own with `fill`, then renames it into place as the entry for `key`.
    private func publish(for key: CacheKey, fill: (URL) throws -> Void) {
        let incoming = folder.appendingPathComponent("incoming-\(UUID().uuidString)")
        do {
            try fileSystem.createDirectory(at: incoming)
            try fill(incoming)
            try fileSystem.writeReplaceable(key.data, to: incoming.appendingPathComponent("key"))
            let entry = self.entry(for: key)
            // Another check that built the same step at the same time may already have
            // published it, and may be running it in place this very moment: keep that one.
            if matchingEntry(for: key) != nil {
                try? fileSystem.removeItem(at: incoming)
                return
            }
            // An entry there that is not this key's (damaged) goes. If a publisher of the same
            // step gets in first after all, moving fails and this one's copy is dropped.
            if fileSystem.fileExists(at: entry) { try? fileSystem.removeItem(at: entry) }
            try fileSystem.moveItem(at: incoming, to: entry)
        } catch {
            try? fileSystem.removeItem(at: incoming)
            return
        }
        removeOldest()
    }

    private func entry(for key: CacheKey) -> URL {
        folder.appendingPathComponent(ContentHash.hex(of: key.data))
    }

    /// Past the limit, removes the entries used least recently down to three quarters of it: a
    /// cache that is full then prunes once per many checks, not on every one.
    ///
    /// An entry used in the last `recentUse` is never removed, however full the cache: another
    /// check (in this process or another) may be about to use it in place (the program that
    /// runs the checks is run where the cache keeps it).
    ///
    /// Looked at no more than once a `pruneInterval` (a marker file's date says when): in a busy session
    /// every entry is recent, the cache stays above its limit, and looking at every store would
    /// read the date of every entry at every check.
    private func removeOldest() {
        let marker = folder.appendingPathComponent(Self.prunedMarker)
        if pruneInterval > 0, let last = fileSystem.modificationDate(of: marker), timeSource.now().timeIntervalSince(last) < pruneInterval { return }
        if (try? fileSystem.setModificationDate(timeSource.now(), of: marker)) == nil {
            try? fileSystem.writeReplaceable(Data(), to: marker)
        }
        guard let entries = try? fileSystem.contentsOfDirectory(at: folder), entries.count > limit else { return }
        let recent = timeSource.now().addingTimeInterval(-recentUse)
        let oldestFirst = entries
            .map { (entry: $0, date: fileSystem.modificationDate(of: $0) ?? .distantPast) }
            .sorted { $0.date < $1.date }
        for (entry, date) in oldestFirst.prefix(entries.count - limit * 3 / 4) where date < recent {
            try? fileSystem.removeItem(at: entry)
        }
    }
}
