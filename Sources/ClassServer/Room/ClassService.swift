import ClassProtocol
import Foundation
import ServiceLifecycle

/// One class, as the server runs it: joins, events, the teacher's actions, and the live room
/// for whoever watches. Writes go to the store first and change the room only once stored, so
/// what the dashboard shows is what survives a restart.
///
/// It is a ServiceLifecycle `Service`: `run()` follows the other server instances of the class
/// (PostgreSQL's LISTEN/NOTIFY) until the graceful shutdown.
public actor ClassService: Service {
    /// Why a request is refused, with the status it gets.
    public enum Refusal: Error, Equatable, Sendable {
        case wrongCode
        case invalid(String)
        case notFound(String)
        /// The name or thing is taken (409).
        case conflict(String)
        /// A learner's own cap reached (429).
        case tooMany(String)
    }

    /// Who a token belongs to, among the ones that open the teacher's routes.
    public enum Role: Sendable, Equatable {
        case teacher
        /// Reads the room without names (`/projector`), and nothing else.
        case projector
    }

    private let store: any ClassStore
    private var state: RoomState
    /// Learner ids by the SHA-256 of their tokens.
    private var learnersByTokenHash: [String: String] = [:]
    public private(set) var joinCode: String
    nonisolated public let teacherToken: String
    /// The projector's read-only token, made from the teacher's (`Secrets.projectorToken`).
    nonisolated public let projectorToken: String
    private let clock: @Sendable () -> Date
    private var watchers: [UUID: AsyncStream<RoomSnapshot>.Continuation] = [:]
    private var anonymousWatchers: [UUID: AsyncStream<RoomSnapshot>.Continuation] = [:]
    /// A change waits this long for others to join it before the watchers hear of it, so a
    /// busy room sends at most ten updates a second.
    private let updateInterval: Duration
    private var updatePending = false
    /// How often `run()` forgets the joins that never sent anything (a flood of joins within
    /// the rate limit leaves the room without waiting for the next join).
    private let sweepInterval: Duration

    /// Opens the class kept in `store`. A join code or teacher token given here replaces the
    /// kept one; otherwise the kept ones stay (a restarted server keeps its links working), and
    /// a new class gets new ones.
    public static func open(
        store: any ClassStore, lessons: ClassLessons, className: String, joinCode: String? = nil, teacherToken: String? = nil,
        updateInterval: Duration = .milliseconds(100), sweepInterval: Duration = .seconds(60),
        clock: @escaping @Sendable () -> Date = Date.init
    ) async throws -> ClassService {
        try await store.prepare()
        let code = try await setting(.joinCode, given: joinCode, new: Secrets.joinCode(), in: store)
        let token = try await setting(.teacherToken, given: teacherToken, new: Secrets.token(), in: store)
        let kept = try await store.load()
        let service = ClassService(
            store: store, state: RoomState(lessons: lessons, className: className), joinCode: code, teacherToken: token,
            updateInterval: updateInterval, sweepInterval: sweepInterval, clock: clock)
        await service.take(kept)
        return service
    }

    /// A setting given on the command line replaces the kept one; otherwise the kept one stays,
    /// and a new class keeps the first value it is given (another server of the class may be
    /// starting at this very moment).
    private static func setting(_ key: ClassSetting, given: String?, new: String, in store: any ClassStore) async throws -> String {
        guard let given else { return try await store.setSettingIfAbsent(key, to: new) }
        try await store.setSetting(key, to: given)
        return given
    }

    /// Takes in what the store keeps: at start, and after another server instance changed the
    /// class. What this instance has already is not taken twice.
    private func take(_ kept: StoredClass) {
        let decoder = JSONDecoder()
        if let unlocked = kept.settings[.unlockedLessons], let ids = try? decoder.decode([String].self, from: Data(unlocked.utf8)) {
            state.setUnlocked(ids)
        }
        if let done = kept.settings[.handsDone], let ids = try? decoder.decode([String].self, from: Data(done.utf8)) {
            state.setHandsDone(Set(ids))
        }
        if let kept = kept.settings[.grades], let grades = try? decoder.decode([String: [String: Bool]].self, from: Data(kept.utf8)) {
            state.setGrades(grades)
        }
        if let code = kept.settings[.joinCode] { joinCode = code }
        for learner in kept.learners where learnersByTokenHash[learner.tokenHash] == nil {
            if learner.mergedInto == nil { state.addLearner(id: learner.id, name: learner.name, joinedAt: learner.joinedAt) }
            learnersByTokenHash[learner.tokenHash] = learner.id
        }
        for learner in kept.learners {
            if let target = learner.mergedInto { state.merge(learner.id, into: target) }
        }
        // An event of a lesson no longer in the class (the workshop changed) stays kept, unshown.
        for stored in kept.events where stored.event.exerciseID.map({ state.lessons.lessonOfExercise[$0] != nil }) ?? true {
            state.apply(stored.event, from: stored.learnerID, receivedAt: stored.receivedAt)
        }
    }

    /// Follows the other server instances of this class (PostgreSQL's LISTEN/NOTIFY) and loads
    /// the class again after each change, at most ten times a second, and forgets silent joins
    /// every `sweepInterval`; until the graceful shutdown.
    public func run() async throws {
        let (store, sweepInterval) = (store, sweepInterval)
        try? await cancelWhenGracefulShutdown { [weak self] in
            // Changes heard while a reload runs make one more reload, not one each.
            let (changes, heard) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    defer { heard.finish() }
                    try await store.followChanges { heard.yield() }
                }
                group.addTask {
                    for await _ in changes {
                        await self?.reloadFromStore()
                        try? await Task.sleep(for: .milliseconds(100))
                    }
                }
                group.addTask {
                    while !Task.isCancelled {
                        try await Task.sleep(for: sweepInterval)
                        await self?.forgetSilentJoins()
                    }
                }
                try await group.waitForAll()
            }
        }
        if !Task.isCancelled && !Task.isShuttingDownGracefully { try? await gracefulShutdown() }
        finishWatchers()
    }

    private func reloadFromStore() async {
        try? await rebuild()
    }

    /// The room built again from what the store keeps: after the teacher removed or merged a
    /// learner (a row's cells are counted from its events, in order), or another server
    /// instance changed the class.
    private func rebuild() async throws {
        let kept = try await store.load()
        state = RoomState(lessons: state.lessons, className: state.className)
        learnersByTokenHash = [:]
        take(kept)
        roomChanged()
    }

    /// Ends every dashboard's stream (the server is stopping).
    private func finishWatchers() {
        for continuation in watchers.values { continuation.finish() }
        for continuation in anonymousWatchers.values { continuation.finish() }
    }

    /// Whose token this is, of the teacher's two; nil for any other.
    nonisolated public func role(ofToken token: String) -> Role? {
        if Secrets.equal(token, teacherToken) { return .teacher }
        if Secrets.equal(token, projectorToken) { return .projector }
        return nil
    }

    private init(
        store: any ClassStore, state: RoomState, joinCode: String, teacherToken: String,
        updateInterval: Duration, sweepInterval: Duration, clock: @escaping @Sendable () -> Date
    ) {
        self.sweepInterval = sweepInterval
        self.store = store
        self.state = state
        self.joinCode = joinCode
        self.teacherToken = teacherToken
        projectorToken = Secrets.projectorToken(forTeacherToken: teacherToken)
        self.updateInterval = updateInterval
        self.clock = clock
    }

    // MARK: Learners

    public func join(code: String, name rawName: String) async throws -> JoinAnswer {
        guard Secrets.equal(code.uppercased(), joinCode) else { throw Refusal.wrongCode }
        let name: String
        switch LearnerName.validated(rawName) {
        case .success(let valid): name = valid
        case .failure(let problem): throw Refusal.invalid(problem.message)
        }
        try await expireSilentJoins()
        guard state.learners.count < ClassLimits.learnersPerClass else {
            throw Refusal.conflict("This class is full (\(ClassLimits.learnersPerClass) learners): ask your teacher.")
        }
        let token = Secrets.token()
        let learner = StoredLearner(id: "L-" + Secrets.token(bytes: 6), name: name, tokenHash: Secrets.hash(token), joinedAt: clock())
        try await store.addLearner(learner)
        learnersByTokenHash[learner.tokenHash] = learner.id
        state.addLearner(id: learner.id, name: learner.name, joinedAt: learner.joinedAt)
        roomChanged()
        return JoinAnswer(learnerID: learner.id, token: token, className: state.className, unlockedLessons: state.unlockedLessons, serverTime: learner.joinedAt)
    }

    /// Forgets the silent joins now (what `run()` does every `sweepInterval`); a store that
    /// fails leaves them for the next time.
    public func forgetSilentJoins() async {
        try? await expireSilentJoins()
    }

    /// Forgets the learners who joined more than `ClassLimits.silentJoinSeconds` ago and never
    /// sent an event: a flood of joins does not stay in the room, or in the store, for ever.
    private func expireSilentJoins() async throws {
        let cutoff = clock().addingTimeInterval(-ClassLimits.silentJoinSeconds)
        let silent = state.learners.values.filter { !$0.hasSentEvents && $0.joinedAt < cutoff }.map(\.id)
        guard !silent.isEmpty else { return }
        try await store.removeLearners(silent)
        state.removeLearners(Set(silent))
        learnersByTokenHash = learnersByTokenHash.filter { !silent.contains($0.value) }
        roomChanged()
    }

    /// The learner a token belongs to, if any.
    public func learner(token: String) -> String? {
        learnersByTokenHash[Secrets.hash(token)]
    }

    public func learnerName(_ id: String) -> String? {
        state.learners[state.row(of: id)]?.name
    }

    /// Stores a batch from a learner: all of it or, when one event breaks the rules, none.
    public func receive(_ batch: EventBatch, from learnerID: String) async throws -> BatchReceipt {
        guard batch.events.count <= ClassLimits.eventsPerBatch else {
            throw Refusal.invalid("A batch holds at most \(ClassLimits.eventsPerBatch) events.")
        }
        for event in batch.events {
            if let problem = event.problem(lessons: state.lessons.lessonIDs, exercises: state.lessons.lessonOfExercise) {
                throw Refusal.invalid(problem)
            }
        }
        if let problem = state.overCaps(adding: batch.events, from: learnerID) { throw Refusal.invalid(problem) }
        let received = clock()
        let added = try await store.add(batch.events, from: learnerID, receivedAt: received)
        for event in added { state.apply(event, from: learnerID, receivedAt: received) }
        if !added.isEmpty { roomChanged() }
        return BatchReceipt(accepted: added.count, duplicates: batch.events.count - added.count, unlockedLessons: state.unlockedLessons)
    }

    public var unlockedLessons: [String] { state.unlockedLessons }
    public var className: String { state.className }

    // MARK: The teacher

    public func room() -> RoomSnapshot {
        var room = state.snapshot(now: clock(), joinCode: joinCode)
        room.projectorToken = projectorToken
        return room
    }

    public func anonymousRoom() -> RoomSnapshot {
        state.anonymousSnapshot(now: clock(), joinCode: joinCode)
    }

    public func hand(_ id: String) throws -> RoomSnapshot.HandDetail {
        guard let hand = state.hand(id) else { throw Refusal.notFound("There is no raised hand '\(id)'.") }
        return hand
    }

    public func markHandDone(_ id: String) async throws {
        guard state.hand(id) != nil else { throw Refusal.notFound("There is no raised hand '\(id)'.") }
        let done = state.handsDone.union([id])
        try await store.setSetting(.handsDone, to: Self.json(done.sorted()))
        state.setHandsDone(done)
        roomChanged()
    }

    /// Opens a lesson for the room: the learners' shells drop its workshop lock.
    public func unlock(_ lessonID: String) async throws -> [String] {
        guard state.lessons.lessonIDs.contains(lessonID) else {
            throw Refusal.invalid("'\(lessonID.prefix(60))' is not a lesson of this class.")
        }
        guard !state.unlockedLessons.contains(lessonID) else { return state.unlockedLessons }
        let unlocked = state.unlockedLessons + [lessonID]
        try await store.setSetting(.unlockedLessons, to: Self.json(unlocked))
        state.setUnlocked(unlocked)
        roomChanged()
        return unlocked
    }

    /// Locks again a lesson the teacher unlocked: the shells lock it at their next delivery
    /// (what a learner did in it stays theirs).
    public func lock(_ lessonID: String) async throws -> [String] {
        guard state.lessons.lessonIDs.contains(lessonID) else {
            throw Refusal.invalid("'\(lessonID.prefix(60))' is not a lesson of this class.")
        }
        guard state.unlockedLessons.contains(lessonID) else { return state.unlockedLessons }
        let unlocked = state.unlockedLessons.filter { $0 != lessonID }
        try await store.setSetting(.unlockedLessons, to: Self.json(unlocked))
        state.setUnlocked(unlocked)
        roomChanged()
        return unlocked
    }

    /// Takes in what `verify` found in the learners' workspaces: each cell then shows a pass as
    /// verified, only reported by the shell, or taken back. A learner is matched by the learner
    /// id in the workspace's membership, else by a name only one learner has. An upload replaces
    /// the grades of the learners it holds.
    public func receiveGrades(_ upload: GradesUpload) async throws -> GradesReceipt {
        var grades = state.grades
        var unmatched: [String] = []
        for graded in upload.learners.prefix(10_000) {
            guard let id = state.learnerID(id: graded.classLearnerID, name: graded.learner) else {
                unmatched.append(String(graded.learner.prefix(ClassLimits.nameCharacters * 2)))
                continue
            }
            var exercises: [String: Bool] = [:]
            for result in graded.results where state.lessons.lessonOfExercise[result.exercise] != nil {
                exercises[result.exercise] = result.passed
            }
            grades[id] = exercises
        }
        let text = String(decoding: try JSONEncoder().encode(grades), as: UTF8.self)
        try await store.setSetting(.grades, to: text)
        state.setGrades(grades)
        roomChanged()
        return GradesReceipt(matched: upload.learners.count - unmatched.count, unmatched: unmatched)
    }

    /// Removes a learner from the class (a join by mistake, a stranger who had the code): their
    /// row, their events, their hands, their grades; their token sends nothing any more.
    public func removeLearner(_ id: String) async throws {
        guard state.hasRow(id) else { throw Refusal.notFound("There is no learner '\(id.prefix(60))' in this class.") }
        try await store.deleteLearner(id)
        try await forgetGrades(of: id)
        try await rebuild()
    }

    /// Merges the row `id` into `target` (one person who joined twice): `id`'s events count as
    /// `target`'s, in the order they arrived, and `id`'s token goes on sending, as `target`.
    public func mergeLearner(_ id: String, into target: String) async throws {
        guard state.hasRow(id) else { throw Refusal.notFound("There is no learner '\(id.prefix(60))' in this class.") }
        guard state.hasRow(target) else { throw Refusal.notFound("There is no learner '\(target.prefix(60))' to merge into.") }
        guard id != target else { throw Refusal.invalid("A learner cannot be merged into themselves: choose another row.") }
        try await store.mergeLearner(id, into: target)
        // verify's grades are of the row that stays (the next grading brings the merged one's).
        try await forgetGrades(of: id)
        try await rebuild()
    }

    private func forgetGrades(of id: String) async throws {
        guard state.grades[id] != nil else { return }
        var grades = state.grades
        grades[id] = nil
        try await store.setSetting(.grades, to: String(decoding: try JSONEncoder().encode(grades), as: UTF8.self))
    }

    /// A new join code; the old one stops working. Learners who joined keep their tokens.
    public func rotateJoinCode() async throws -> String {
        let code = Secrets.joinCode()
        try await store.setSetting(.joinCode, to: code)
        joinCode = code
        roomChanged()
        return code
    }

    /// The room now and after every change, until the stream is dropped.
    public func watch(anonymous: Bool = false) -> AsyncStream<RoomSnapshot> {
        let (stream, continuation) = AsyncStream.makeStream(of: RoomSnapshot.self, bufferingPolicy: .bufferingNewest(1))
        let id = UUID()
        if anonymous {
            anonymousWatchers[id] = continuation
            continuation.yield(anonymousRoom())
        } else {
            watchers[id] = continuation
            continuation.yield(room())
        }
        continuation.onTermination = { _ in Task { await self.stopWatching(id) } }
        return stream
    }

    private func stopWatching(_ id: UUID) {
        watchers[id] = nil
        anonymousWatchers[id] = nil
    }

    public var watcherCount: Int { watchers.count + anonymousWatchers.count }

    private func roomChanged() {
        guard !updatePending, !(watchers.isEmpty && anonymousWatchers.isEmpty) else { return }
        updatePending = true
        let interval = updateInterval
        Task {
            try? await Task.sleep(for: interval)
            self.sendUpdate()
        }
    }

    private func sendUpdate() {
        updatePending = false
        if !watchers.isEmpty {
            let snapshot = room()
            for continuation in watchers.values { continuation.yield(snapshot) }
        }
        if !anonymousWatchers.isEmpty {
            let snapshot = anonymousRoom()
            for continuation in anonymousWatchers.values { continuation.yield(snapshot) }
        }
    }

    private static func json(_ ids: [String]) -> String {
        String(decoding: (try? JSONEncoder().encode(ids)) ?? Data("[]".utf8), as: UTF8.self)
    }
}
