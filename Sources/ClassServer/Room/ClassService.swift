import ClassProtocol
import DojoCore
import Foundation
import ServiceLifecycle

/// One class, as the server runs it: joins, events, the teacher's actions, and the live room
/// for whoever watches. Writes go to the store first and change the room only once stored, so
/// what the dashboard shows is what survives a restart.
///
/// It is a ServiceLifecycle `Service`: `run()` follows the other server instances of the class
/// (PostgreSQL's LISTEN/NOTIFY) until the graceful shutdown.
///
/// Its time comes from the composition root: `timeSource` says when things happen (joins,
/// events, the stuck list; never the learner's clock), `clock` is what it waits on (the
/// dashboards' updates, the sweep of silent joins, the streams' heartbeat).
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
    /// When things happen: the server's time, kept with every join and event.
    nonisolated package let timeSource: any TimeSource
    /// What the class waits on.
    nonisolated public let clock: any Clock<Duration>
    /// The teacher's sessions signed out (their nonces) and when each would have expired.
    private var signedOutSessions: [String: Date] = [:]
    /// The gate between changes and a rebuild of the room (`rebuild`).
    private var writesUnderWay = 0
    private var rebuilding = false
    private var rebuildsWaiting = 0
    private var waitingAtGate: [CheckedContinuation<Void, Never>] = []
    /// A dashboard's stream: where its updates go, and the teacher's session it was opened
    /// with (nil: a token's), which ends it when signed out.
    private struct Watcher {
        var continuation: AsyncStream<RoomUpdate>.Continuation
        var session: String?
    }

    private var watchers: [UUID: Watcher] = [:]
    private var anonymousWatchers: [UUID: Watcher] = [:]
    /// The rows the last snapshots built, kept while their learners do not change.
    private var rowCache = RowCache()
    private var anonymousRowCache = RowCache()
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
    package static func open(
        store: any ClassStore, lessons: ClassLessons, className: String, joinCode: String? = nil, teacherToken: String? = nil,
        updateInterval: Duration = .milliseconds(100), sweepInterval: Duration = .seconds(60),
        timeSource: any TimeSource, clock: any Clock<Duration>
    ) async throws -> ClassService {
        try await store.prepare()
        let code = try await setting(.joinCode, given: joinCode, new: Secrets.joinCode(), in: store)
        let token = try await setting(.teacherToken, given: teacherToken, new: Secrets.token(), in: store)
        let kept = try await store.load()
        let service = ClassService(
            store: store, state: RoomState(lessons: lessons, className: className), joinCode: code, teacherToken: token,
            updateInterval: updateInterval, sweepInterval: sweepInterval, timeSource: timeSource, clock: clock)
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
        if let kept = kept.settings[.signedOutSessions] {
            signedOutSessions = Self.sessions(kept)
            endSignedOutStreams()
        }
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

    /// Follows the other server instances of this class (PostgreSQL's LISTEN/NOTIFY), taking in
    /// each change they make, and forgets silent joins every `sweepInterval`; until the graceful
    /// shutdown.
    public func run() async throws {
        let (store, sweepInterval, clock) = (store, sweepInterval, clock)
        try? await cancelWhenGracefulShutdown {
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    try await store.followChanges { change in await self.follow(change) }
                }
                group.addTask {
                    while !Task.isCancelled {
                        try await clock.sleep(for: sweepInterval)
                        await self.forgetSilentJoins()
                    }
                }
                try await group.waitForAll()
            }
        }
        if !Task.isCancelled && !Task.isShuttingDownGracefully { try? await gracefulShutdown() }
        finishWatchers()
    }

    /// Takes in a change another server instance made: only what changed, except after a
    /// learner was removed or merged (their row is counted again from the events) or when the
    /// store cannot tell what happened while nobody listened.
    func follow(_ change: ClassChange) async {
        switch change {
        case .everything:
            try? await rebuild()
            return
        default:
            break
        }
        await beginWriting()
        defer { endWriting() }
        switch change {
        case .everything:
            return
        case .joined(let learner):
            take(StoredClass(learners: [learner], events: [], settings: [:]))
        case .events(let events):
            take(StoredClass(learners: [], events: events, settings: [:]))
        case .setting(let key, let value):
            take(StoredClass(learners: [], events: [], settings: [key: value]))
        case .forgotten(let ids):
            let gone = Set(ids)
            state.removeLearners(gone)
            learnersByTokenHash = learnersByTokenHash.filter { !gone.contains($0.value) }
        }
        roomChanged()
    }

    /// The room built again from what the store keeps: after the teacher removed or merged a
    /// learner (a row's cells are counted from its events, in order), or another server
    /// instance changed the class.
    ///
    /// It waits for the writes under way and holds new ones back until it is done: an actor
    /// lets other calls in while it awaits the store, and a join or an event stored while the
    /// class was being read, then applied to the room about to be replaced, would be lost.
    private func rebuild() async throws {
        rebuildsWaiting += 1
        while rebuilding || writesUnderWay > 0 { await waitAtGate() }
        rebuildsWaiting -= 1
        rebuilding = true
        defer {
            rebuilding = false
            openGate()
        }
        let kept = try await store.load()
        state = RoomState(lessons: state.lessons, className: state.className, firstVersion: state.nextVersion)
        learnersByTokenHash = [:]
        take(kept)
        roomChanged()
    }

    /// A change to the room (and the store) begins: it waits while the room is being rebuilt, or
    /// a rebuild waits for its turn (so that a busy class cannot hold a rebuild off for ever).
    private func beginWriting() async {
        while rebuilding || rebuildsWaiting > 0 { await waitAtGate() }
        writesUnderWay += 1
    }

    private func endWriting() {
        writesUnderWay -= 1
        if writesUnderWay == 0 { openGate() }
    }

    private func waitAtGate() async {
        await withCheckedContinuation { waitingAtGate.append($0) }
    }

    /// Lets every waiting call look again.
    private func openGate() {
        let waiting = waitingAtGate
        waitingAtGate = []
        for continuation in waiting { continuation.resume() }
    }

    /// Ends every dashboard's stream (the server is stopping).
    private func finishWatchers() {
        for watcher in watchers.values { watcher.continuation.finish() }
        for watcher in anonymousWatchers.values { watcher.continuation.finish() }
    }

    /// Ends the streams opened by a session signed out since, here or on another instance:
    /// a browser left open elsewhere stops showing the room at once, not at its next reconnect.
    private func endSignedOutStreams() {
        for (id, watcher) in watchers.merging(anonymousWatchers, uniquingKeysWith: { first, _ in first }) {
            guard let session = watcher.session, signedOutSessions[session] != nil else { continue }
            watcher.continuation.finish()
            watchers[id] = nil
            anonymousWatchers[id] = nil
        }
    }

    /// Whose token this is, of the teacher's two; nil for any other.
    nonisolated public func role(ofToken token: String) -> Role? {
        if Secrets.equal(token, teacherToken) { return .teacher }
        if Secrets.equal(token, projectorToken) { return .projector }
        return nil
    }

    private init(
        store: any ClassStore, state: RoomState, joinCode: String, teacherToken: String,
        updateInterval: Duration, sweepInterval: Duration, timeSource: any TimeSource, clock: any Clock<Duration>
    ) {
        self.sweepInterval = sweepInterval
        self.store = store
        self.state = state
        self.joinCode = joinCode
        self.teacherToken = teacherToken
        projectorToken = Secrets.projectorToken(forTeacherToken: teacherToken)
        self.updateInterval = updateInterval
        self.timeSource = timeSource
        self.clock = clock
    }

    // MARK: Learners

    public func join(code: String, name rawName: String) async throws -> JoinAnswer {
        await beginWriting()
        defer { endWriting() }
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
        let learner = StoredLearner(id: "L-" + Secrets.token(bytes: 6), name: name, tokenHash: Secrets.hash(token), joinedAt: timeSource.now())
        try await store.addLearner(learner)
        learnersByTokenHash[learner.tokenHash] = learner.id
        state.addLearner(id: learner.id, name: learner.name, joinedAt: learner.joinedAt)
        roomChanged()
        return JoinAnswer(learnerID: learner.id, token: token, className: state.className, unlockedLessons: state.unlockedLessons, serverTime: learner.joinedAt)
    }

    /// Forgets the silent joins now (what `run()` does every `sweepInterval`); a store that
    /// fails leaves them for the next time.
    public func forgetSilentJoins() async {
        await beginWriting()
        defer { endWriting() }
        try? await expireSilentJoins()
    }

    /// Forgets the learners who joined more than `ClassLimits.silentJoinSeconds` ago and never
    /// sent an event: a flood of joins does not stay in the room, or in the store, for ever.
    private func expireSilentJoins() async throws {
        let cutoff = timeSource.now().addingTimeInterval(-ClassLimits.silentJoinSeconds)
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
        await beginWriting()
        defer { endWriting() }
        guard batch.events.count <= ClassLimits.eventsPerBatch else {
            throw Refusal.invalid("A batch holds at most \(ClassLimits.eventsPerBatch) events.")
        }
        for event in batch.events {
            if let problem = event.problem(lessons: state.lessons.lessonIDs, exercises: state.lessons.lessonOfExercise) {
                throw Refusal.invalid(problem)
            }
        }
        if let problem = state.overCaps(adding: batch.events, from: learnerID) { throw Refusal.invalid(problem) }
        let received = timeSource.now()
        let added = try await store.add(batch.events, from: learnerID, receivedAt: received)
        for event in added { state.apply(event, from: learnerID, receivedAt: received) }
        if !added.isEmpty { roomChanged() }
        return BatchReceipt(accepted: added.count, duplicates: batch.events.count - added.count, unlockedLessons: state.unlockedLessons)
    }

    public var unlockedLessons: [String] { state.unlockedLessons }
    public var className: String { state.className }

    // MARK: The teacher

    public func room() -> RoomSnapshot {
        var room = state.snapshot(now: timeSource.now(), joinCode: joinCode, cache: &rowCache)
        room.projectorToken = projectorToken
        return room
    }

    public func anonymousRoom() -> RoomSnapshot {
        state.anonymousSnapshot(now: timeSource.now(), joinCode: joinCode, cache: &anonymousRowCache)
    }

    private func update(anonymous: Bool) -> RoomUpdate {
        RoomUpdate(room: anonymous ? anonymousRoom() : room(), versions: state.versionsInOrder)
    }

    public func hand(_ id: String) throws -> RoomSnapshot.HandDetail {
        guard let hand = state.hand(id) else { throw Refusal.notFound("There is no raised hand '\(id)'.") }
        return hand
    }

    public func markHandDone(_ id: String) async throws {
        await beginWriting()
        defer { endWriting() }
        guard state.hand(id) != nil else { throw Refusal.notFound("There is no raised hand '\(id)'.") }
        let done = state.handsDone.union([id])
        try await store.setSetting(.handsDone, to: Self.json(done.sorted()))
        state.setHandsDone(done)
        roomChanged()
    }

    /// Opens a lesson for the room: the learners' shells drop its workshop lock.
    public func unlock(_ lessonID: String) async throws -> [String] {
        await beginWriting()
        defer { endWriting() }
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
        await beginWriting()
        defer { endWriting() }
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
        await beginWriting()
        defer { endWriting() }
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
        do {
            await beginWriting()
            defer { endWriting() }
            guard state.hasRow(id) else { throw Refusal.notFound("There is no learner '\(id.prefix(60))' in this class.") }
            try await store.deleteLearner(id)
            try await forgetGrades(of: id)
        }
        try await rebuild()
    }

    /// Merges the row `id` into `target` (one person who joined twice): `id`'s events count as
    /// `target`'s, in the order they arrived, and `id`'s token goes on sending, as `target`.
    public func mergeLearner(_ id: String, into target: String) async throws {
        do {
            await beginWriting()
            defer { endWriting() }
            guard state.hasRow(id) else { throw Refusal.notFound("There is no learner '\(id.prefix(60))' in this class.") }
            guard state.hasRow(target) else { throw Refusal.notFound("There is no learner '\(target.prefix(60))' to merge into.") }
            guard id != target else { throw Refusal.invalid("A learner cannot be merged into themselves: choose another row.") }
            try await store.mergeLearner(id, into: target)
            // verify's grades are of the row that stays (the next grading brings the merged one's).
            try await forgetGrades(of: id)
        }
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
        await beginWriting()
        defer { endWriting() }
        let code = Secrets.joinCode()
        try await store.setSetting(.joinCode, to: code)
        joinCode = code
        roomChanged()
        return code
    }

    /// Signs a teacher's browser out for good: its session (by its nonce) opens nothing any
    /// more, on this server after a restart and on every other instance of the class, until the
    /// time it would have expired (then it is forgotten: it would open nothing anyway).
    public func signOut(session nonce: String, expiring: Date) async throws {
        await beginWriting()
        defer { endWriting() }
        let now = timeSource.now()
        // From what the store keeps, not this instance's copy: another instance may have
        // signed a browser out a moment ago.
        let text = try await store.updateSetting(.signedOutSessions) { kept in
            var sessions = Self.sessions(kept ?? "{}").filter { $0.value > now }
            sessions[nonce] = expiring
            return String(decoding: (try? JSONEncoder().encode(sessions.mapValues(\.timeIntervalSince1970))) ?? Data("{}".utf8), as: UTF8.self)
        }
        signedOutSessions = Self.sessions(text)
        endSignedOutStreams()
    }

    /// The signed-out sessions as the setting keeps them (nonce → seconds since 1970).
    private static func sessions(_ text: String) -> [String: Date] {
        let seconds = (try? JSONDecoder().decode([String: Double].self, from: Data(text.utf8))) ?? [:]
        return seconds.mapValues { Date(timeIntervalSince1970: $0) }
    }

    /// Whether the session with this nonce was signed out.
    public func isSignedOut(session nonce: String) -> Bool {
        signedOutSessions[nonce] != nil
    }

    /// The room now and after every change (at most one update each `updateInterval`; a
    /// watcher that is behind gets the newest only), until the stream is dropped.
    /// A stream opened by a teacher's session (`session`, its nonce) ends when it is signed out.
    public func watch(anonymous: Bool = false, session: String? = nil) -> AsyncStream<RoomUpdate> {
        let (stream, continuation) = AsyncStream.makeStream(of: RoomUpdate.self, bufferingPolicy: .bufferingNewest(1))
        let id = UUID()
        if anonymous {
            anonymousWatchers[id] = Watcher(continuation: continuation, session: session)
        } else {
            watchers[id] = Watcher(continuation: continuation, session: session)
        }
        continuation.yield(update(anonymous: anonymous))
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
        let (interval, clock) = (updateInterval, clock)
        Task {
            try? await clock.sleep(for: interval)
            self.sendUpdate()
        }
    }

    private func sendUpdate() {
        updatePending = false
        if !watchers.isEmpty {
            let update = update(anonymous: false)
            for watcher in watchers.values { watcher.continuation.yield(update) }
        }
        if !anonymousWatchers.isEmpty {
            let update = update(anonymous: true)
            for watcher in anonymousWatchers.values { watcher.continuation.yield(update) }
        }
    }

    private static func json(_ ids: [String]) -> String {
        String(decoding: (try? JSONEncoder().encode(ids)) ?? Data("[]".utf8), as: UTF8.self)
    }
}
