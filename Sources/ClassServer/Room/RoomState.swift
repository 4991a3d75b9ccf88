import ClassProtocol
import Foundation

/// The room as the events tell it: each learner's exercises, who is stuck, what fails most,
/// the raised hands. A value, rebuilt from the store at start and kept up to date event by
/// event; `snapshot(now:)` turns it into what the dashboard shows.
public struct RoomState: Sendable {
    struct Cell: Sendable {
        var attempts = 0
        var passed = false
        var failedInARow = 0
        var lastFailures: [String] = []
        var mistake: String?
        var lastEvent: Date
    }

    struct Learner: Sendable {
        var id: String
        var name: String
        var joinedAt: Date
        var lastSeen: Date
        var cells: [String: Cell] = [:]
        /// The exercise the learner works on now: that of their last event about an exercise.
        var current: String?
        var currentSince: Date?
        var hintsUsed = 0
        /// Hints by exercise.
        var hints: [String: Int] = [:]
        /// When the learner's first event in each lesson arrived (the time box counts from it).
        var lessonsStarted: [String: Date] = [:]
        /// Events applied, and the bytes of the asks among them (the per-learner caps).
        var events = 0
        var askBytes = 0
        var hasSentEvents: Bool { events > 0 }
    }

    struct Hand: Sendable {
        var id: String
        var learnerID: String
        var exerciseID: String
        var text: String
        var file: String
        var fileName: String
        var report: String
        var time: Date
    }

    public let lessons: ClassLessons
    public let className: String
    private(set) var learners: [String: Learner] = [:]
    private var learnerOrder: [String] = []
    private(set) var hands: [Hand] = []
    public private(set) var handsDone: Set<String> = []
    public private(set) var unlockedLessons: [String] = []
    /// What `verify` found, as the teacher brought it in: learner id → exercise id → passed.
    public private(set) var grades: [String: [String: Bool]] = [:]
    /// Every (learner, event id) applied: an event read back from the store (another server
    /// instance's change brings the whole class again) is applied once.
    private var applied: Set<String> = []
    /// The learners the teacher merged into another (a second row of one person): their events,
    /// and what their tokens still send, count as that learner's.
    private var mergedInto: [String: String] = [:]
    /// Each learner's row version: moved by every change to what their row shows, so that a
    /// dashboard's stream sends again only the rows that changed, and a snapshot builds again
    /// only those (`RowCache`).
    private(set) var rowVersions: [String: Int] = [:]
    /// The next version given; a room built again starts where the last one stopped, so that a
    /// version is never given twice.
    public private(set) var nextVersion: Int

    public init(lessons: ClassLessons, className: String, firstVersion: Int = 1) {
        self.lessons = lessons
        self.className = className
        nextVersion = firstVersion
    }

    /// The rows' versions in the order of a snapshot's rows.
    public var versionsInOrder: [Int] {
        learnerOrder.compactMap { learners[$0] == nil ? nil : rowVersions[$0] ?? 0 }
    }

    private mutating func touch(_ id: String) {
        rowVersions[id] = nextVersion
        nextVersion += 1
    }

    public mutating func addLearner(id: String, name: String, joinedAt: Date) {
        guard learners[id] == nil else { return }
        learners[id] = Learner(id: id, name: name, joinedAt: joinedAt, lastSeen: joinedAt)
        learnerOrder.append(id)
        touch(id)
    }

    /// `id` counts as `target` from now on (the store keeps its events under `id`).
    public mutating func merge(_ id: String, into target: String) {
        guard id != target else { return }
        mergedInto[id] = target
        learners[id] = nil
        rowVersions[id] = nil
        learnerOrder.removeAll { $0 == id }
        if learners[target] != nil { touch(target) }
    }

    /// The learner whose row a learner's events go to: themselves, or whom they were merged into.
    public func row(of learnerID: String) -> String {
        var id = learnerID
        var steps = 0
        while let next = mergedInto[id], steps < 100 {
            id = next
            steps += 1
        }
        return id
    }

    /// Whether the room has a row for this learner (one merged into another has none).
    public func hasRow(_ learnerID: String) -> Bool { learners[learnerID] != nil }

    public mutating func setUnlocked(_ lessonIDs: [String]) { unlockedLessons = lessonIDs }
    public mutating func setHandsDone(_ ids: Set<String>) { handsDone = ids }
    public mutating func setGrades(_ grades: [String: [String: Bool]]) {
        for id in Set(grades.keys).union(self.grades.keys) where grades[id] != self.grades[id] && learners[id] != nil { touch(id) }
        self.grades = grades
    }

    /// The learner of a graded workspace: by the learner id its membership holds, else by a
    /// name only one learner of the room has.
    public func learnerID(id: String?, name: String) -> String? {
        if let id, learners[row(of: id)] != nil { return row(of: id) }
        let named = learners.values.filter { $0.name == name }
        return named.count == 1 ? named.first?.id : nil
    }

    /// Applies one event a learner sent (already validated); one applied before is ignored.
    /// Every time is the server's (`receivedAt`), never the `time` the learner's machine put in
    /// the event: a learner's clock in 1970, or a made-up time, must not put anyone on top of
    /// the stuck list.
    public mutating func apply(_ event: ClassEvent, from senderID: String, receivedAt: Date) {
        let learnerID = row(of: senderID)
        guard var learner = learners[learnerID], applied.insert(senderID + "\u{0}" + event.id).inserted else { return }
        let time = receivedAt
        learner.events += 1
        learner.lastSeen = max(learner.lastSeen, time)
        if let lessonID = event.lessonID ?? event.exerciseID.flatMap({ lessons.lessonOfExercise[$0] }), learner.lessonsStarted[lessonID] == nil {
            learner.lessonsStarted[lessonID] = time
        }
        if let exerciseID = event.exerciseID, event.kind != .run {
            if learner.current != exerciseID {
                learner.current = exerciseID
                learner.currentSince = time
            }
        }
        switch event.kind {
        case .opened, .run:
            break
        case .hint:
            learner.hintsUsed += 1
            if let exerciseID = event.exerciseID { learner.hints[exerciseID, default: 0] += 1 }
        case .check:
            guard let exerciseID = event.exerciseID else { break }
            var cell = learner.cells[exerciseID] ?? Cell(lastEvent: time)
            cell.attempts += 1
            cell.lastEvent = time
            if event.passed == true {
                cell.passed = true
                cell.failedInARow = 0
                cell.lastFailures = []
                cell.mistake = nil
            } else {
                cell.failedInARow += 1
                cell.lastFailures = event.failingChecks ?? []
                cell.mistake = event.mistake
            }
            learner.cells[exerciseID] = cell
        case .ask:
            learner.askBytes += event.askBytes
            hands.append(Hand(
                id: "H-" + event.id, learnerID: learnerID, exerciseID: event.exerciseID ?? "", text: event.askText ?? "",
                file: event.askFile ?? "", fileName: event.askFileName ?? "", report: event.askReport ?? "", time: time))
        }
        learners[learnerID] = learner
        touch(learnerID)
    }

    /// Why this batch would take the learner past a cap (hands up, ask volume, events), in a
    /// sentence for the learner; nil when it would not.
    public func overCaps(adding events: [ClassEvent], from senderID: String) -> String? {
        let learnerID = row(of: senderID)
        guard let learner = learners[learnerID] else { return nil }
        if learner.events + events.count > ClassLimits.eventsPerLearner {
            return "This class has had \(ClassLimits.eventsPerLearner) events from you already, the most it keeps of one learner."
        }
        let asks = events.filter { $0.kind == .ask }
        guard !asks.isEmpty else { return nil }
        let open = hands.filter { $0.learnerID == learnerID && !handsDone.contains($0.id) }.count
        if open + asks.count > ClassLimits.openHandsPerLearner {
            return "You have \(open) hand\(open == 1 ? "" : "s") up already, the most at once: your teacher will come to you; ask again once one is answered."
        }
        if learner.askBytes + asks.reduce(0, { $0 + $1.askBytes }) > ClassLimits.askBytesPerLearner {
            return "Your asks have sent \(ClassLimits.askBytesPerLearner / 1024 / 1024) MiB of files already, the most this class keeps of one learner: tell your teacher."
        }
        return nil
    }

    /// Forgets these learners (joins that never sent an event).
    public mutating func removeLearners(_ ids: Set<String>) {
        for id in ids {
            learners[id] = nil
            rowVersions[id] = nil
        }
        learnerOrder.removeAll(where: ids.contains)
        // A row's "#2" and the projector's "Learner N" count the rows before it.
        for id in learnerOrder { touch(id) }
    }

    /// A raised hand, with its file and report, when it exists.
    public func hand(_ id: String) -> RoomSnapshot.HandDetail? {
        guard let hand = hands.first(where: { $0.id == id }) else { return nil }
        return RoomSnapshot.HandDetail(
            id: hand.id, learnerID: hand.learnerID, name: learners[hand.learnerID]?.name ?? "", exerciseID: hand.exerciseID,
            text: hand.text, time: hand.time, file: hand.file, fileName: hand.fileName, report: hand.report)
    }

    /// What the dashboard shows now.
    public func snapshot(now: Date, joinCode: String) -> RoomSnapshot {
        var cache = RowCache()
        return snapshot(now: now, joinCode: joinCode, cache: &cache)
    }

    /// What the dashboard shows now, building again only the rows whose version moved since
    /// `cache` last saw them: a room of 300 learners is rebuilt up to ten times a second while
    /// a few of them change.
    public func snapshot(now: Date, joinCode: String, cache: inout RowCache) -> RoomSnapshot {
        var stuck: [RoomSnapshot.Stuck] = []
        var failureLearners: [String: Int] = [:]   // "exercise\u{0}check" → learners
        var mistakeLearners: [String: Int] = [:]
        var passedCells = 0
        var nameCounts: [String: Int] = [:]
        if cache.entries.count > learnerOrder.count {
            cache.entries = cache.entries.filter { learners[$0.key] != nil }
        }
        var learnerRows: [RoomSnapshot.LearnerRow] = []
        learnerRows.reserveCapacity(learnerOrder.count)
        for id in learnerOrder {
            guard let learner = learners[id] else { continue }
            let version = rowVersions[id] ?? 0
            let entry: RowCache.Entry
            if let cached = cache.entries[id], cached.version == version {
                entry = cached
            } else {
                entry = row(of: learner, version: version)
                cache.entries[id] = entry
            }
            passedCells += entry.passedCells
            for key in entry.failures { failureLearners[key, default: 0] += 1 }
            for key in entry.mistakes { mistakeLearners[key, default: 0] += 1 }
            var row = entry.row
            if let since = row.stuckSince, let current = row.current {
                row.stuckSeconds = max(0, Int(now.timeIntervalSince(since)))
                stuck.append(RoomSnapshot.Stuck(learnerID: id, name: row.name, exerciseID: current, seconds: row.stuckSeconds, failedInARow: row.failedInARow))
            }
            nameCounts[entry.nameKey, default: 0] += 1
            if let count = nameCounts[entry.nameKey], count > 1 { row.sameNameNumber = count }
            learnerRows.append(row)
        }
        stuck.sort { ($0.seconds, $0.failedInARow, $1.name) > ($1.seconds, $1.failedInARow, $0.name) }
        let exerciseCount = lessons.exerciseIDs.count
        return RoomSnapshot(
            className: className, joinCode: joinCode, serverTime: now,
            lessons: lessons.lessons.map { lesson in
                RoomSnapshot.LessonView(
                    id: lesson.id, title: lesson.title, unlocked: !lesson.locked || unlockedLessons.contains(lesson.id),
                    unlockedByTeacher: lesson.locked && unlockedLessons.contains(lesson.id) ? true : nil, exercises: lesson.exercises,
                    timeBoxMinutes: lesson.timeBoxMinutes)
            },
            learners: learnerRows,
            stuck: Array(stuck.prefix(10)),
            commonFailures: Self.mostCommon(failureLearners).map { RoomSnapshot.Common(exerciseID: $0.exercise, check: $0.text, mistake: nil, learners: $0.count) },
            commonMistakes: Self.mostCommon(mistakeLearners).map { RoomSnapshot.Common(exerciseID: $0.exercise, check: nil, mistake: $0.text, learners: $0.count) },
            hands: hands.filter { !handsDone.contains($0.id) }.map { hand in
                RoomSnapshot.HandView(id: hand.id, learnerID: hand.learnerID, name: learners[hand.learnerID]?.name ?? "", exerciseID: hand.exerciseID, text: hand.text, time: hand.time)
            },
            totals: RoomSnapshot.Totals(learners: learnerRows.count, passedCells: passedCells, cells: learnerRows.count * exerciseCount),
            projectorToken: nil)
    }

    /// One learner's row as it stands, and what it adds to the room's counts; its stuck
    /// seconds and its "#2" are the snapshot's to set (they depend on the time and the rows
    /// before it).
    private func row(of learner: Learner, version: Int) -> RowCache.Entry {
        let id = learner.id
        var cells: [String: RoomSnapshot.CellView] = [:]
        var failures: Set<String> = []
        var mistakes: Set<String> = []
        var passedCells = 0
        let graded = grades[id] ?? [:]
        for (exerciseID, cell) in learner.cells {
            // A pass is the shell's word until `verify` graded it: verified, or taken back.
            let grade: String? = switch graded[exerciseID] {
            case true?: "verified"
            case false? where cell.passed: "takenBack"
            default: nil
            }
            cells[exerciseID] = RoomSnapshot.CellView(
                state: cell.passed ? "passed" : "failing", attempts: cell.attempts, failedInARow: cell.failedInARow, since: cell.lastEvent,
                grade: grade)
            if cell.passed && grade != "takenBack" {
                passedCells += 1
            } else if !cell.passed {
                for check in cell.lastFailures { failures.insert(exerciseID + "\u{0}" + check) }
                if let mistake = cell.mistake { mistakes.insert(exerciseID + "\u{0}" + mistake) }
            }
        }
        // Passed by `verify` with no check heard from the shell (a learner offline, say).
        for (exerciseID, passed) in graded where passed && cells[exerciseID] == nil && lessons.lessonOfExercise[exerciseID] != nil {
            cells[exerciseID] = RoomSnapshot.CellView(state: "passed", attempts: 0, failedInARow: 0, since: learner.joinedAt, grade: "verified")
            passedCells += 1
        }
        var stuckSince: Date?
        var failedInARow = 0
        if let current = learner.current, learner.cells[current]?.passed != true, let since = learner.currentSince {
            stuckSince = since
            failedInARow = learner.cells[current]?.failedInARow ?? 0
        }
        let row = RoomSnapshot.LearnerRow(
            id: id, name: learner.name, lastSeen: learner.lastSeen, cells: cells, current: learner.current,
            stuckSeconds: 0, failedInARow: failedInARow, hintsUsed: learner.hintsUsed, joinedAt: learner.joinedAt,
            sameNameNumber: nil, hints: learner.hints.isEmpty ? nil : learner.hints,
            lessonsStarted: learner.lessonsStarted.isEmpty ? nil : learner.lessonsStarted, stuckSince: stuckSince)
        return RowCache.Entry(
            version: version, row: row, nameKey: LearnerName.key(learner.name), failures: failures, mistakes: mistakes, passedCells: passedCells)
    }

    /// The ten (exercise, text) pairs shared by the most learners, most first.
    private static func mostCommon(_ counts: [String: Int]) -> [(exercise: String, text: String, count: Int)] {
        counts.map { key, learners in
            let parts = key.split(separator: "\u{0}", maxSplits: 1, omittingEmptySubsequences: false)
            return (String(parts[0]), String(parts.count > 1 ? parts[1] : ""), learners)
        }
        .sorted { ($0.count, $1.exercise, $1.text) > ($1.count, $0.exercise, $0.text) }
        .prefix(10).map { $0 }
    }

    /// The room with every name left out, for the projector.
    /// The join code stays: the projector is where learners read it.
    public func anonymousSnapshot(now: Date, joinCode: String) -> RoomSnapshot {
        var cache = RowCache()
        return anonymousSnapshot(now: now, joinCode: joinCode, cache: &cache)
    }

    public func anonymousSnapshot(now: Date, joinCode: String, cache: inout RowCache) -> RoomSnapshot {
        var snapshot = snapshot(now: now, joinCode: joinCode, cache: &cache)
        snapshot.learners = snapshot.learners.enumerated().map { index, row in
            var row = row
            row.id = "learner-\(index + 1)"
            row.name = "Learner \(index + 1)"
            return row
        }
        snapshot.stuck = []
        snapshot.hands = []
        return snapshot
    }
}

/// The rows a snapshot built, by learner, with the version they were built at: the next
/// snapshot takes them as they are while their learner's version has not moved.
public struct RowCache: Sendable {
    struct Entry: Sendable {
        var version: Int
        var row: RoomSnapshot.LearnerRow
        var nameKey: String
        /// "exercise\u{0}check" and "exercise\u{0}mistake" of the learner's failing cells.
        var failures: Set<String>
        var mistakes: Set<String>
        var passedCells: Int
    }

    var entries: [String: Entry] = [:]

    public init() {}
}
