import ClassProtocol
import ClassServer
import DojoCore
import DojoTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import Synchronization
import Testing

/// The class server's routes through Hummingbird's test client, on a real SQLite file: what a
/// learner and a teacher may do, and the attacks the server must refuse.
@Suite struct ClassServerRoutesTests {
    static let lessons = ClassLessons(lessons: [
        .init(id: "no-di", title: "No DI", exercises: [.init(id: "no-di.1", title: "One"), .init(id: "no-di.2", title: "Two")]),
        .init(id: "setter", title: "Setter", exercises: [.init(id: "setter.1", title: "Three")]),
    ])
    static let teacher = "teacher-token-for-tests"
    static let code = "ABCD-EFGH"

    let folder: TemporaryFolder
    init() throws { folder = try TemporaryFolder("class-routes") }

    /// A server on a fresh class file; `test` gets a client for it.
    func withServer<Value>(limiter: RateLimiter = RateLimiter(rate: 1000, burst: 1000, clock: ContinuousClock()), _ test: @Sendable (any TestClientProtocol) async throws -> Value) async throws -> Value {
        let store = try SQLiteClassStore(file: folder.url.appendingPathComponent("class.sqlite"))
        let service = try await ClassService.open(store: store, lessons: Self.lessons, className: "Tuesday", joinCode: Self.code, teacherToken: Self.teacher, timeSource: SystemTimeSource(), clock: ContinuousClock())
        let dashboard = DashboardFiles(page: "<html>page</html>", script: "// script", style: "/* style */")
        let app = Application(router: ClassRoutes(service: service, dashboard: dashboard, limiter: limiter).router())
        return try await app.test(.router, test)
    }

    static func body(_ value: some Encodable) -> ByteBuffer {
        ByteBuffer(data: try! ClassJSON.encoder().encode(value))
    }

    static func bearer(_ token: String) -> HTTPFields { [.authorization: "Bearer " + token] }

    static func join(_ client: any TestClientProtocol, name: String) async throws -> JoinAnswer {
        try await client.execute(uri: "/api/join", method: .post, body: body(JoinRequest(code: code, name: name))) { response in
            #expect(response.status == .ok, "\(String(buffer: response.body))")
            return try ClassJSON.decoder().decode(JoinAnswer.self, from: Data(buffer: response.body))
        }
    }

    static func room(_ client: any TestClientProtocol, query: String = "") async throws -> RoomSnapshot {
        try await client.execute(uri: "/api/room" + query, method: .get, headers: bearer(teacher)) { response in
            #expect(response.status == .ok)
            return try ClassJSON.decoder().decode(RoomSnapshot.self, from: Data(buffer: response.body))
        }
    }

    static func check(_ exercise: String, passed: Bool, id: String = ClassEvent.newID()) -> ClassEvent {
        ClassEvent(id: id, kind: .check, time: Date(), exerciseID: exercise, passed: passed, failingChecks: passed ? [] : ["posts at the injected time"])
    }

    @Test func aLearnerJoinsSendsChecksAndTheTeacherSeesThem() async throws {
        try await withServer { client in
            let ada = try await Self.join(client, name: "Ada")
            let batch = EventBatch(events: [Self.check("no-di.1", passed: false), Self.check("no-di.1", passed: true), Self.check("no-di.2", passed: false)])
            try await client.execute(uri: "/api/events", method: .post, headers: Self.bearer(ada.token), body: Self.body(batch)) { response in
                #expect(response.status == .ok)
                let receipt = try ClassJSON.decoder().decode(BatchReceipt.self, from: Data(buffer: response.body))
                #expect(receipt == BatchReceipt(accepted: 3, duplicates: 0, unlockedLessons: []))
            }
            let room = try await Self.room(client)
            let row = try #require(room.learners.first)
            #expect(row.name == "Ada")
            #expect(row.cells["no-di.1"]?.state == "passed")
            #expect(row.cells["no-di.1"]?.attempts == 2)
            #expect(row.cells["no-di.2"]?.state == "failing")
            #expect(row.cells["setter.1"] == nil, "not tried")
            #expect(room.commonFailures.first?.check == "posts at the injected time")
            #expect(room.stuck.first?.exerciseID == "no-di.2")
            #expect(room.totals.learners == 1)
            #expect(room.totals.passedCells == 1)
            #expect(room.totals.cells == 3)
        }
    }

    @Test func aReplayedEventIsStoredOnce() async throws {
        try await withServer { client in
            let ada = try await Self.join(client, name: "Ada")
            let event = Self.check("no-di.1", passed: false)
            for expected in [BatchReceipt(accepted: 1, duplicates: 0, unlockedLessons: []), BatchReceipt(accepted: 0, duplicates: 1, unlockedLessons: [])] {
                try await client.execute(uri: "/api/events", method: .post, headers: Self.bearer(ada.token), body: Self.body(EventBatch(events: [event]))) { response in
                    let receipt = try ClassJSON.decoder().decode(BatchReceipt.self, from: Data(buffer: response.body))
                    #expect(receipt == expected)
                }
            }
            #expect(try await Self.room(client).learners.first?.cells["no-di.1"]?.attempts == 1)
        }
    }

    @Test func aLearnerNamedLikeMarkupIsKeptAsTextAndEscapedInTheExports() async throws {
        try await withServer { client in
            let name = "<script>alert(1)</script>"
            _ = try await Self.join(client, name: name)
            #expect(try await Self.room(client).learners.first?.name == name, "kept as it was typed; the page inserts it as text")
            try await client.execute(uri: "/api/export.xml", method: .get, headers: Self.bearer(Self.teacher)) { response in
                let xml = String(buffer: response.body)
                #expect(xml.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
                #expect(!xml.contains("<script>"))
            }
            _ = try await Self.join(client, name: "=HYPERLINK(\"http://x\")")
            try await client.execute(uri: "/api/export.csv", method: .get, headers: Self.bearer(Self.teacher)) { response in
                let csv = String(buffer: response.body)
                #expect(csv.contains("\"'=HYPERLINK(\"\"http://x\"\")\""), "a spreadsheet must not run it: \(csv)")
            }
        }
    }

    @Test func badNamesAndWrongCodesAreRefusedWithASentence() async throws {
        try await withServer { client in
            for name in ["", String(repeating: "n", count: 41), "Ada\u{1B}[2J"] {
                try await client.execute(uri: "/api/join", method: .post, body: Self.body(JoinRequest(code: Self.code, name: name))) { response in
                    #expect(response.status == .unprocessableContent, "\(name.debugDescription)")
                }
            }
            try await client.execute(uri: "/api/join", method: .post, body: Self.body(JoinRequest(code: "WXYZ-2345", name: "Ada"))) { response in
                #expect(response.status == .forbidden)
                #expect(String(buffer: response.body).contains("join code is not this class's"))
            }
            try await client.execute(uri: "/api/join", method: .post, body: ByteBuffer(string: "{not json")) { response in
                #expect(response.status == .badRequest)
                #expect(String(buffer: response.body).contains("not the JSON this route takes"))
            }
        }
    }

    @Test func theTeachersRoutesRefuseAWrongTokenAndALearnersToken() async throws {
        try await withServer { client in
            let ada = try await Self.join(client, name: "Ada")
            for (uri, method) in Self.teacherRoutes {
                for headers in [HTTPFields(), Self.bearer("wrong"), Self.bearer(ada.token), Self.bearer(Self.teacher + "x")] {
                    try await client.execute(uri: uri, method: method, headers: headers) { response in
                        #expect(response.status == (uri == "/dashboard" ? .seeOther : .unauthorized), "\(method) \(uri) with \(headers)")
                    }
                }
                // A token in the URL opens nothing: not a learner's, not even the teacher's (the
                // dashboard's links of old).
                for token in [ada.token, Self.teacher] {
                    try await client.execute(uri: uri + "?token=" + token, method: method) { response in
                        #expect(response.status == (uri == "/dashboard" ? .seeOther : .unauthorized), "\(uri) with a token in the URL")
                        #expect(!String(buffer: response.body).contains("<html>"), "\(uri): no page")
                    }
                }
            }
        }
    }

    static let teacherRoutes: [(String, HTTPRequest.Method)] = [
        ("/api/room", .get), ("/api/stream", .get), ("/dashboard", .get), ("/projector", .get), ("/api/export.csv", .get),
        ("/api/export.xml", .get), ("/api/hands/H-x", .get), ("/api/hands/H-x/done", .post), ("/api/rotate-code", .post), ("/api/unlock", .post),
        ("/api/lock", .post), ("/api/grades", .post), ("/api/signin-code", .post),
    ]

    /// The cookie a sign-in sets, as a browser sends it back ("name=value").
    static func signIn(_ client: any TestClientProtocol, body: String) async throws -> (status: HTTPResponse.Status, cookie: String?, setCookie: String?) {
        try await client.execute(uri: "/api/session", method: .post, body: ByteBuffer(string: body)) { response in
            let setCookie = response.headers[.setCookie]
            return (response.status, setCookie.map { String($0.split(separator: ";")[0]) }, setCookie)
        }
    }

    @Test func aSignInCodeWorksOnceForACookieThatOpensTheTeachersRoutes() async throws {
        let store = try SQLiteClassStore(file: folder.url.appendingPathComponent("class.sqlite"))
        let service = try await ClassService.open(store: store, lessons: Self.lessons, className: "Tuesday", joinCode: Self.code, teacherToken: Self.teacher, timeSource: SystemTimeSource(), clock: ContinuousClock())
        let sessions = TeacherSessions(teacherToken: Self.teacher, timeSource: SystemTimeSource())
        let code = sessions.newCode()
        let app = Application(router: ClassRoutes(
            service: service, dashboard: DashboardFiles(page: "<html>page</html>", script: "", style: ""),
            limiter: RateLimiter(rate: 1000, burst: 1000, clock: ContinuousClock()), sessions: sessions).router())
        try await app.test(.router) { client in
            let ada = try await Self.join(client, name: "Ada")
            let first = try await Self.signIn(client, body: #"{"code": "\#(code)"}"#)
            #expect(first.status == .noContent)
            let setCookie = try #require(first.setCookie)
            #expect(setCookie.contains("HttpOnly") && setCookie.contains("SameSite=Strict") && setCookie.contains("Path=/"), "\(setCookie)")
            let cookie = try #require(first.cookie)
            #expect(!cookie.contains(Self.teacher) && !cookie.contains(code))
            #expect(try await Self.signIn(client, body: #"{"code": "\#(code)"}"#).status == .unauthorized, "a code works once")
            #expect(try await Self.signIn(client, body: #"{"token": "\#(ada.token)"}"#).status == .unauthorized, "a learner's token signs nobody in")
            #expect(try await Self.signIn(client, body: #"{"token": "\#(Self.teacher)"}"#).status == .noContent, "the teacher's token, typed, does")

            try await client.execute(uri: "/dashboard", method: .get, headers: [.cookie: cookie]) { #expect(String(buffer: $0.body).contains("page")) }
            try await client.execute(uri: "/api/room", method: .get, headers: [.cookie: cookie]) { #expect($0.status == .ok) }
            // A change needs the dashboard's header besides the cookie: a form of another site
            // cannot send it.
            try await client.execute(uri: "/api/rotate-code", method: .post, headers: [.cookie: cookie]) { #expect($0.status == .forbidden) }
            try await client.execute(uri: "/api/rotate-code", method: .post, headers: [.cookie: cookie, HTTPFields.Element.Name("X-Didojo-Dashboard")!: "1"]) {
                #expect($0.status == .ok)
            }
            // A cookie made up, or its expiry moved, opens nothing.
            let parts = cookie.split(separator: "=", maxSplits: 1)
            let fields = parts[1].split(separator: ".")
            let later = "\(parts[0])=s1.\(Int(fields[1])! + 86_400).\(fields[2]).\(fields[3])"
            for forged in [later, "\(parts[0])=s1.9999999999.abc.def", "\(parts[0])=" + Self.teacher] {
                try await client.execute(uri: "/api/room", method: .get, headers: [.cookie: forged]) { #expect($0.status == .unauthorized, "\(forged)") }
            }
            // Another class's session (another teacher's token) is not this one's.
            let other = TeacherSessions(teacherToken: "another-teacher", timeSource: SystemTimeSource())
            try await client.execute(uri: "/api/room", method: .get, headers: [.cookie: "\(sessions.cookieName)=\(other.newSession())"]) {
                #expect($0.status == .unauthorized)
            }
        }
    }

    /// Sign-out: the browser's cookie is cleared, and its session opens nothing any more,
    /// whoever kept a copy, after a restart too; another browser's session stays signed in.
    /// Another site cannot sign the teacher out (the dashboard's header).
    @Test func signingOutEndsThatSessionForGoodAndNoOther() async throws {
        let file = folder.url.appendingPathComponent("class.sqlite")
        func routes() async throws -> some ApplicationProtocol {
            let service = try await ClassService.open(
                store: try SQLiteClassStore(file: file), lessons: Self.lessons, className: "Tuesday", joinCode: Self.code, teacherToken: Self.teacher,
                timeSource: SystemTimeSource(), clock: ContinuousClock())
            return Application(router: ClassRoutes(
                service: service, dashboard: DashboardFiles(page: "<html>page</html>", script: "", style: ""),
                limiter: RateLimiter(rate: 1000, burst: 1000, clock: ContinuousClock())).router())
        }
        let sessions = TeacherSessions(teacherToken: Self.teacher, timeSource: SystemTimeSource())
        let leaving = "\(sessions.cookieName)=\(sessions.newSession())"
        let staying = "\(sessions.cookieName)=\(sessions.newSession())"
        let fromTheDashboard = HTTPFields.Element.Name("X-Didojo-Dashboard")!
        try await routes().test(.router) { client in
            try await client.execute(uri: "/api/signout", method: .post, headers: [.cookie: leaving]) {
                #expect($0.status == .forbidden, "a form of another site cannot sign the teacher out")
            }
            try await client.execute(uri: "/api/room", method: .get, headers: [.cookie: leaving]) { #expect($0.status == .ok) }
            try await client.execute(uri: "/api/signout", method: .post, headers: [.cookie: leaving, fromTheDashboard: "1"]) { response in
                #expect(response.status == .noContent)
                let cleared = response.headers[.setCookie] ?? ""
                #expect(cleared.hasPrefix(sessions.cookieName + "=;") && cleared.contains("Max-Age=0") && cleared.contains("HttpOnly"), "\(cleared)")
            }
            for path in ["/api/room", "/api/stream", "/api/export.csv"] {
                try await client.execute(uri: path, method: .get, headers: [.cookie: leaving]) { #expect($0.status == .unauthorized, "\(path)") }
            }
            try await client.execute(uri: "/api/rotate-code", method: .post, headers: [.cookie: leaving, fromTheDashboard: "1"]) {
                #expect($0.status == .unauthorized)
            }
            try await client.execute(uri: "/dashboard", method: .get, headers: [.cookie: leaving]) { #expect($0.status == .seeOther) }
            try await client.execute(uri: "/api/room", method: .get, headers: [.cookie: staying]) { #expect($0.status == .ok, "another browser stays in") }
        }
        // The server started again on the same class file: still signed out.
        try await routes().test(.router) { client in
            try await client.execute(uri: "/api/room", method: .get, headers: [.cookie: leaving]) { #expect($0.status == .unauthorized) }
            try await client.execute(uri: "/api/room", method: .get, headers: [.cookie: staying]) { #expect($0.status == .ok) }
        }
    }

    @Test func aSessionEndsAfterItsLifetime() {
        let now = SettableTimeSource(date: Date(timeIntervalSince1970: 1_800_000_000))
        let sessions = TeacherSessions(teacherToken: Self.teacher, timeSource: now)
        let session = sessions.newSession()
        let code = sessions.newCode()
        #expect(sessions.isValid(session))
        now.advance(by: TeacherSessions.codeLifetime + 1)
        #expect(!sessions.redeem(code), "a code over an hour old")
        #expect(sessions.isValid(session))
        now.advance(by: TeacherSessions.sessionLifetime)
        #expect(!sessions.isValid(session), "a session past its day")
    }

    @Test func aLearnerCannotSendAsAnotherOrReadAnothersFile() async throws {
        try await withServer { client in
            let ada = try await Self.join(client, name: "Ada")
            let bob = try await Self.join(client, name: "Bob")
            // A forged learner id in the body is not read: the token says who sends.
            var forged = try JSONSerialization.jsonObject(with: ClassJSON.encoder().encode(EventBatch(events: [Self.check("no-di.1", passed: true)]))) as! [String: Any]
            forged["learnerID"] = bob.learnerID
            var events = forged["events"] as! [[String: Any]]
            events[0]["learnerID"] = bob.learnerID
            forged["events"] = events
            let body = ByteBuffer(data: try JSONSerialization.data(withJSONObject: forged))
            try await client.execute(uri: "/api/events", method: .post, headers: Self.bearer(ada.token), body: body) { response in
                #expect(response.status == .ok)
            }
            let room = try await Self.room(client)
            #expect(room.learners.first { $0.id == ada.learnerID }?.cells["no-di.1"]?.state == "passed")
            #expect(room.learners.first { $0.id == bob.learnerID }?.cells.isEmpty == true)
            // Bob raises a hand; Ada's token cannot read it.
            let ask = ClassEvent(kind: .ask, time: Date(), exerciseID: "no-di.1", askText: "help", askFile: "let secret = 1", askFileName: "Post.swift")
            try await client.execute(uri: "/api/events", method: .post, headers: Self.bearer(bob.token), body: Self.body(EventBatch(events: [ask]))) { response in
                #expect(response.status == .ok)
            }
            let hand = try #require(try await Self.room(client).hands.first)
            try await client.execute(uri: "/api/hands/\(hand.id)", method: .get, headers: Self.bearer(ada.token)) { response in
                #expect(response.status == .unauthorized)
                #expect(!String(buffer: response.body).contains("secret"))
            }
            try await client.execute(uri: "/api/hands/\(hand.id)", method: .get, headers: Self.bearer(Self.teacher)) { response in
                let detail = try ClassJSON.decoder().decode(RoomSnapshot.HandDetail.self, from: Data(buffer: response.body))
                #expect(detail.file == "let secret = 1")
                #expect(detail.name == "Bob")
            }
        }
    }

    @Test func idsOutsideTheClassAreRefusedAndNothingOfTheBatchIsStored() async throws {
        try await withServer { client in
            let ada = try await Self.join(client, name: "Ada")
            for outside in [Self.check("cake.1", passed: true), ClassEvent(kind: .opened, time: Date(), lessonID: "../../etc"), Self.check("no-di.1", passed: true, id: "x")] {
                let batch = EventBatch(events: [Self.check("no-di.2", passed: true), outside])
                try await client.execute(uri: "/api/events", method: .post, headers: Self.bearer(ada.token), body: Self.body(batch)) { response in
                    #expect(response.status == .unprocessableContent, "\(outside)")
                }
            }
            #expect(try await Self.room(client).learners.first?.cells.isEmpty == true, "all or none")
            try await client.execute(uri: "/api/unlock", method: .post, headers: Self.bearer(Self.teacher), body: ByteBuffer(string: #"{"lesson":"cake"}"#)) { response in
                #expect(response.status == .unprocessableContent)
            }
        }
    }

    @Test func oversizedBodiesAreRefused() async throws {
        try await withServer { client in
            let ada = try await Self.join(client, name: "Ada")
            // Over the cap for any batch.
            let huge = ByteBuffer(repeating: UInt8(ascii: " "), count: ClassLimits.askBodyBytes + 1)
            try await client.execute(uri: "/api/events", method: .post, headers: Self.bearer(ada.token), body: huge) { response in
                #expect(response.status == .contentTooLarge)
            }
            // Over 64 KiB without an ask in it: valid, and still refused.
            let events = (0..<200).map { _ in
                ClassEvent(kind: .check, time: Date(), exerciseID: "no-di.1", passed: false, failingChecks: Array(repeating: String(repeating: "c", count: 290), count: 2))
            }
            try await client.execute(uri: "/api/events", method: .post, headers: Self.bearer(ada.token), body: Self.body(EventBatch(events: events))) { response in
                #expect(response.status == .contentTooLarge)
            }
            try await client.execute(uri: "/api/join", method: .post, body: ByteBuffer(repeating: UInt8(ascii: " "), count: ClassLimits.bodyBytes + 1)) { response in
                #expect(response.status == .contentTooLarge)
            }
            #expect(try await Self.room(client).learners.first?.cells.isEmpty == true)
        }
    }

    @Test func eachTokenIsRateLimited() async throws {
        // Refilling one request in about three hours: however slowly a loaded machine runs the
        // test, no request is refilled between the eight.
        try await withServer(limiter: RateLimiter(rate: 0.0001, burst: 5, clock: ContinuousClock())) { client in
            let ada = try await Self.join(client, name: "Ada")
            var statuses: [HTTPResponse.Status] = []
            for _ in 0..<8 {
                statuses.append(try await client.execute(uri: "/api/events", method: .post, headers: Self.bearer(ada.token), body: Self.body(EventBatch(events: []))) { $0.status })
            }
            #expect(statuses.filter { $0 == .ok }.count == 5)
            #expect(statuses.last == .tooManyRequests)
            // Another learner is not slowed by Ada.
            try await client.execute(uri: "/api/room", method: .get, headers: Self.bearer(Self.teacher)) { #expect($0.status == .ok) }
        }
    }

    @Test func aRotatedCodeStopsWorkingAndJoinedLearnersCarryOn() async throws {
        try await withServer { client in
            let ada = try await Self.join(client, name: "Ada")
            let newCode = try await client.execute(uri: "/api/rotate-code", method: .post, headers: Self.bearer(Self.teacher)) { response in
                try JSONDecoder().decode([String: String].self, from: Data(buffer: response.body))["joinCode"]
            }
            #expect(newCode != nil && newCode != Self.code)
            try await client.execute(uri: "/api/join", method: .post, body: Self.body(JoinRequest(code: Self.code, name: "Late"))) { #expect($0.status == .forbidden) }
            try await client.execute(uri: "/api/join", method: .post, body: Self.body(JoinRequest(code: newCode!, name: "Late"))) { #expect($0.status == .ok) }
            try await client.execute(uri: "/api/events", method: .post, headers: Self.bearer(ada.token), body: Self.body(EventBatch(events: [Self.check("no-di.1", passed: true)]))) {
                #expect($0.status == .ok)
            }
        }
    }

    @Test func unlockingALessonReachesTheLearnersWithTheirNextReceipt() async throws {
        try await withServer { client in
            let ada = try await Self.join(client, name: "Ada")
            try await client.execute(uri: "/api/unlock", method: .post, headers: Self.bearer(Self.teacher), body: ByteBuffer(string: #"{"lesson":"setter"}"#)) {
                #expect($0.status == .ok)
            }
            try await client.execute(uri: "/api/events", method: .post, headers: Self.bearer(ada.token), body: Self.body(EventBatch(events: []))) { response in
                let receipt = try ClassJSON.decoder().decode(BatchReceipt.self, from: Data(buffer: response.body))
                #expect(receipt.unlockedLessons == ["setter"])
            }
        }
    }

    @Test func aLessonUnlockedForTheRoomCanBeLockedAgain() async throws {
        try await withServer { client in
            let ada = try await Self.join(client, name: "Ada")
            for (route, expected) in [("unlock", ["setter"]), ("lock", [String]())] {
                try await client.execute(uri: "/api/" + route, method: .post, headers: Self.bearer(Self.teacher), body: ByteBuffer(string: #"{"lesson":"setter"}"#)) {
                    #expect($0.status == .ok)
                }
                try await client.execute(uri: "/api/events", method: .post, headers: Self.bearer(ada.token), body: Self.body(EventBatch(events: []))) { response in
                    let receipt = try ClassJSON.decoder().decode(BatchReceipt.self, from: Data(buffer: response.body))
                    #expect(receipt.unlockedLessons == expected, "after \(route)")
                }
            }
            let late = try await Self.join(client, name: "Late")
            #expect(late.unlockedLessons == [])
            try await client.execute(uri: "/api/lock", method: .post, headers: Self.bearer(ada.token), body: ByteBuffer(string: #"{"lesson":"setter"}"#)) {
                #expect($0.status == .unauthorized, "a learner cannot lock")
            }
        }
    }

    @Test func theProjectorSeesNoNames() async throws {
        try await withServer { client in
            _ = try await Self.join(client, name: "Ada Lovelace")
            let room = try await Self.room(client, query: "?view=projector")
            #expect(room.learners.map(\.name) == ["Learner 1"])
            #expect(room.joinCode == Self.code, "learners read the code off the projector")
            try await client.execute(uri: "/api/room?view=projector", method: .get, headers: Self.bearer(Self.teacher)) { response in
                #expect(!String(buffer: response.body).contains("Lovelace"))
            }
        }
    }

    @Test func thePageIsServedWithAPolicyThatRunsNoInlineScript() async throws {
        try await withServer { client in
            try await client.execute(uri: "/dashboard", method: .get, headers: Self.bearer(Self.teacher)) { response in
                #expect(response.status == .ok)
                let policy = try #require(response.headers[.contentSecurityPolicy])
                #expect(policy.contains("script-src 'self'"))
                #expect(!policy.contains("unsafe-inline"))
            }
        }
    }
}

/// The projector's token (printed by `serve`, made from the teacher's) reads the room without
/// names, and opens nothing else.
@Suite struct ProjectorTokenTests {
    @Test func theProjectorsTokenReadsTheRoomWithoutNamesAndNothingElse() async throws {
        let folder = try TemporaryFolder("class-projector")
        let store = try SQLiteClassStore(file: folder.url.appendingPathComponent("class.sqlite"))
        let service = try await ClassService.open(
            store: store, lessons: ClassServerRoutesTests.lessons, className: "Tuesday", joinCode: ClassServerRoutesTests.code,
            teacherToken: ClassServerRoutesTests.teacher, timeSource: SystemTimeSource(), clock: ContinuousClock())
        let projector = service.projectorToken
        #expect(projector != ClassServerRoutesTests.teacher && !projector.contains(ClassServerRoutesTests.teacher))
        let dashboard = DashboardFiles(page: "<html>page</html>", script: "// script", style: "/* style */")
        let app = Application(router: ClassRoutes(service: service, dashboard: dashboard, limiter: RateLimiter(rate: 1000, burst: 1000, clock: ContinuousClock())).router())
        try await app.test(.router) { client in
            _ = try await ClassServerRoutesTests.join(client, name: "Ada Lovelace")
            for uri in ["/api/room", "/api/room?view=projector"] {
                try await client.execute(uri: uri, method: .get, headers: ClassServerRoutesTests.bearer(projector)) { response in
                    #expect(response.status == .ok)
                    let room = try ClassJSON.decoder().decode(RoomSnapshot.self, from: Data(buffer: response.body))
                    #expect(room.learners.map(\.name) == ["Learner 1"], "\(uri): names never reach the projector")
                }
            }
            try await client.execute(uri: "/projector?token=" + projector, method: .get) { #expect($0.status == .ok) }
            try await client.execute(uri: "/dashboard", method: .get, headers: ClassServerRoutesTests.bearer(projector)) {
                #expect($0.status == .seeOther, "the dashboard is for the teacher: the projector's token is sent to sign in")
            }
            let closed: [(String, HTTPRequest.Method)] = [
                ("/api/export.csv", .get), ("/api/hands/H-x", .get), ("/api/rotate-code", .post), ("/api/unlock", .post),
            ]
            for (uri, method) in closed {
                try await client.execute(uri: uri, method: method, headers: ClassServerRoutesTests.bearer(projector)) { response in
                    #expect(response.status == .unauthorized, "\(method) \(uri) with the projector's token")
                    let body = try JSONDecoder().decode(ClassErrorBody.self, from: Data(buffer: response.body))
                    #expect(body.error.contains("This needs the teacher"))
                }
            }
        }
    }

    /// Every error is `{"error": "…"}` with its status, whichever part of the server refused.
    @Test func everyRefusalIsASentenceInJSON() async throws {
        let folder = try TemporaryFolder("class-errors")
        let store = try SQLiteClassStore(file: folder.url.appendingPathComponent("class.sqlite"))
        let service = try await ClassService.open(
            store: store, lessons: ClassServerRoutesTests.lessons, className: "Tuesday", joinCode: ClassServerRoutesTests.code,
            teacherToken: ClassServerRoutesTests.teacher, timeSource: SystemTimeSource(), clock: ContinuousClock())
        let dashboard = DashboardFiles(page: "<html>page</html>", script: "// script", style: "/* style */")
        let app = Application(router: ClassRoutes(service: service, dashboard: dashboard, limiter: RateLimiter(rate: 0.0001, burst: 2, clock: ContinuousClock())).router())
        try await app.test(.router) { client in
            let teacher = ClassServerRoutesTests.bearer(ClassServerRoutesTests.teacher)
            try await client.execute(uri: "/api/hands/H-none", method: .get, headers: teacher) { response in
                #expect(response.status == .notFound)
                let body = try JSONDecoder().decode(ClassErrorBody.self, from: Data(buffer: response.body))
                #expect(body.error == "There is no raised hand 'H-none'.")
                #expect(response.headers[.contentType] == "application/json; charset=utf-8")
            }
            try await client.execute(uri: "/api/unlock", method: .post, headers: teacher, body: ByteBuffer(string: "[]")) { response in
                #expect(response.status == .badRequest)
                let body = try JSONDecoder().decode(ClassErrorBody.self, from: Data(buffer: response.body))
                #expect(body.error.contains("not the JSON this route takes"))
            }
            try await client.execute(uri: "/api/room", method: .get, headers: teacher) { response in
                #expect(response.status == .tooManyRequests)
                #expect(response.headers[.retryAfter] == "1")
                let body = try JSONDecoder().decode(ClassErrorBody.self, from: Data(buffer: response.body))
                #expect(body.error.contains("Too many requests"))
            }
        }
    }
}
