import ClassProtocol
import Foundation
import Hummingbird
import ServiceLifecycle
import Synchronization

/// The class server's routes (API.md): who may call each (authentication and rate limits are
/// middleware on the route groups), the limits on what they send, and errors as one sentence
/// for a person (`ClassHTTPError`, `ClassService.Refusal`).
public struct ClassRoutes: Sendable {
    let service: ClassService
    let dashboard: DashboardFiles
    let limiter: RateLimiter
    /// The teacher's signed-in browsers (the dashboard's URL carries no token).
    public let sessions: TeacherSessions
    /// How often the stream to a dashboard sends a comment when nothing changes, so that proxies
    /// and the browser see a live connection.
    let heartbeat: Duration

    /// `limiter` defaults to the server's rates on the class's clock, `sessions` to sessions
    /// signed with the class's teacher token, on the class's time.
    public init(
        service: ClassService, dashboard: DashboardFiles, limiter: RateLimiter? = nil, sessions: TeacherSessions? = nil,
        heartbeat: Duration = .seconds(15)
    ) {
        self.service = service
        self.dashboard = dashboard
        self.limiter = limiter ?? RateLimiter(clock: service.clock)
        self.sessions = sessions ?? TeacherSessions(teacherToken: service.teacherToken, timeSource: service.timeSource)
        self.heartbeat = heartbeat
    }

    /// The routes, each noted in `routes` as API.md writes it ("GET /api/room"): a test
    /// compares the two.
    public func router(noting routes: RouteList? = nil) -> Router<ClassRequestContext> {
        let router = Router(context: ClassRequestContext.self)
        router.add(middleware: ClassErrorMiddleware())
        router.route(.get, "/", routes) { _, _ in
            Response(status: .seeOther, headers: [.location: "/dashboard"])
        }
        router.route(.get, "/dashboard.js", routes) { _, _ in text(dashboard.script, type: "text/javascript; charset=utf-8") }
        router.route(.get, "/dashboard.css", routes) { _, _ in text(dashboard.style, type: "text/css; charset=utf-8") }
        router.route(.get, "/healthz", routes) { _, _ in text("ok\n", type: "text/plain; charset=utf-8") }
        router.route(.get, "/signin", routes) { _, _ in page(dashboard.signInPage) }
        router.route(.get, "/signin.js", routes) { _, _ in text(dashboard.signInScript, type: "text/javascript; charset=utf-8") }

        // The pages. The dashboard opens in the teacher's signed-in browser; any other is sent
        // to the sign-in page (the page holds nothing secret, but a wrong link says so at once).
        // The projector view takes the projector's (read-only) token, or the teacher's browser.
        let sessions = sessions
        router.route(.get, "/dashboard", routes) { request, _ in
            guard try await teacherRole(of: request, service: service, sessions: sessions) == .teacher else {
                try limiter.check("unauthenticated")
                return Response(status: .seeOther, headers: [.location: "/signin", .cacheControl: "no-store"])
            }
            try limiter.check("teacher")
            return page(dashboard.page)
        }
        router.group().add(middleware: TeacherAuthentication(service: service, sessions: sessions, limiter: limiter, allowsProjector: true))
            .route(.get, "/projector", routes) { _, _ in page(dashboard.page) }

        let api = router.group("api")
        let byAddress = api.group().add(middleware: AddressRateLimit(limiter: limiter))
        byAddress.route(.post, "join", under: "/api", routes) { request, _ in
            let join = try await decode(JoinRequest.self, from: request, upTo: ClassLimits.bodyBytes)
            return try json(try await service.join(code: join.code, name: join.name))
        }
        // The sign-in page trades a one-time code (or the teacher's token, typed) for the
        // session cookie.
        byAddress.route(.post, "session", under: "/api", routes) { request, _ in
            let body = try await decode(SignInRequest.self, from: request, upTo: ClassLimits.bodyBytes)
            let signedIn = if let code = body.code { sessions.redeem(code) } else { body.token.map { service.role(ofToken: $0) == .teacher } ?? false }
            guard signedIn else {
                try limiter.check("unauthenticated")
                throw ClassHTTPError.unauthorized(
                    body.code != nil
                        ? "This sign-in link was used already or is over an hour old: each link signs in one browser, once. Type the teacher's token below, or open the link that 'didojo class serve' printed last."
                        : "That is not this class's teacher token: copy it as 'didojo class serve' printed it.")
            }
            var response = Response(status: .noContent, headers: [.cacheControl: "no-store"])
            response.setCookie(Cookie(
                name: sessions.cookieName, value: sessions.newSession(), maxAge: Int(TeacherSessions.sessionLifetime), path: "/",
                httpOnly: true, sameSite: .strict))
            return response
        }

        let learners = api.group().add(middleware: LearnerAuthentication(service: service, limiter: limiter))
        learners.route(.post, "events", under: "/api", routes) { request, context in
            let learnerID = try context.requireLearner()
            var request = request
            let body = try await collect(&request, upTo: ClassLimits.askBodyBytes)
            let batch = try decodeBody(EventBatch.self, body)
            if body.readableBytes > ClassLimits.bodyBytes && !batch.events.contains(where: { $0.kind == .ask }) {
                throw ClassHTTPError.tooLarge(ClassLimits.bodyBytes)
            }
            return try json(try await service.receive(batch, from: learnerID))
        }
        learners.route(.get, "learner", under: "/api", routes) { _, context in
            let learnerID = try context.requireLearner()
            return try json(LearnerView(
                learnerID: learnerID, name: await service.learnerName(learnerID) ?? "", className: await service.className,
                unlockedLessons: await service.unlockedLessons))
        }

        // What the projector may read: the room without names.
        let watching = api.group().add(middleware: TeacherAuthentication(service: service, sessions: sessions, limiter: limiter, allowsProjector: true))
        watching.route(.get, "room", under: "/api", routes) { request, _ in
            try json(anonymous(request) ? await service.anonymousRoom() : await service.room())
        }
        watching.route(.get, "stream", under: "/api", routes) { request, _ in
            // A stream opened by a signed-in browser ends when that session signs out.
            stream(anonymous: anonymous(request), session: await teacherSession(of: request, service: service, sessions: sessions)?.nonce)
        }

        let teacher = api.group().add(middleware: TeacherAuthentication(service: service, sessions: sessions, limiter: limiter))
        // A sign-in link for another browser (the dashboard's "Sign in another browser").
        teacher.route(.post, "signin-code", under: "/api", routes) { _, _ in
            let code = sessions.newCode()
            return try json(["code": code, "path": "/signin#" + code])
        }
        // Signs this browser out: its cookie is cleared, and its session opens nothing any more,
        // whoever copied it (the class keeps it signed out until it would have expired).
        teacher.route(.post, "signout", under: "/api", routes) { request, _ in
            if let session = await teacherSession(of: request, service: service, sessions: sessions) {
                try await service.signOut(session: session.nonce, expiring: session.expires)
            }
            var response = Response(status: .noContent, headers: [.cacheControl: "no-store"])
            response.setCookie(Cookie(name: sessions.cookieName, value: "", maxAge: 0, path: "/", httpOnly: true, sameSite: .strict))
            return response
        }
        teacher.route(.get, "hands/:id", under: "/api", routes) { _, context in
            try json(try await service.hand(context.parameters.get("id") ?? ""))
        }
        teacher.route(.post, "hands/:id/done", under: "/api", routes) { _, context in
            try await service.markHandDone(context.parameters.get("id") ?? "")
            return Response(status: .noContent)
        }
        teacher.route(.post, "learners/:id/remove", under: "/api", routes) { _, context in
            let id = context.parameters.get("id") ?? ""
            try await service.removeLearner(id)
            return try json(["removed": id])
        }
        teacher.route(.post, "learners/:id/merge", under: "/api", routes) { request, context in
            let id = context.parameters.get("id") ?? ""
            let body = try await decode(MergeRequest.self, from: request, upTo: ClassLimits.bodyBytes)
            try await service.mergeLearner(id, into: body.into)
            return try json(["merged": id, "into": body.into])
        }
        teacher.route(.post, "unlock", under: "/api", routes) { request, _ in
            let body = try await decode(UnlockRequest.self, from: request, upTo: ClassLimits.bodyBytes)
            return try json(["unlockedLessons": try await service.unlock(body.lesson)])
        }
        teacher.route(.post, "lock", under: "/api", routes) { request, _ in
            let body = try await decode(UnlockRequest.self, from: request, upTo: ClassLimits.bodyBytes)
            return try json(["unlockedLessons": try await service.lock(body.lesson)])
        }
        teacher.route(.post, "grades", under: "/api", routes) { request, _ in
            let upload = try await decode(GradesUpload.self, from: request, upTo: ClassLimits.gradesBodyBytes)
            return try json(try await service.receiveGrades(upload))
        }
        teacher.route(.post, "rotate-code", under: "/api", routes) { _, _ in
            try json(["joinCode": try await service.rotateJoinCode()])
        }
        teacher.route(.get, "export.csv", under: "/api", routes) { _, _ in
            download(ClassExport.csv(await service.room()), type: "text/csv; charset=utf-8", name: "class.csv")
        }
        teacher.route(.get, "export.xml", under: "/api", routes) { _, _ in
            download(ClassExport.junit(await service.room()), type: "application/xml; charset=utf-8", name: "class-junit.xml")
        }
        return router
    }

    /// Whether the room is asked for without names: the projector's view, or any request made
    /// with the projector's token (which opens nothing else).
    private func anonymous(_ request: Request) -> Bool {
        request.uri.queryParameters.get("view") == "projector"
            || projectorTokenInURL(of: request, service: service) != nil
            || bearerToken(of: request).map { service.role(ofToken: $0) == .projector } ?? false
    }

    // MARK: Bodies

    private func collect(_ request: inout Request, upTo limit: Int) async throws -> ByteBuffer {
        do {
            return try await request.collectBody(upTo: limit)
        } catch let error as any HTTPResponseError where error.status == .contentTooLarge {
            throw ClassHTTPError.tooLarge(limit)
        }
    }

    private func decode<Body: Decodable>(_ type: Body.Type, from request: Request, upTo limit: Int) async throws -> Body {
        var request = request
        return try decodeBody(type, try await collect(&request, upTo: limit))
    }

    private func decodeBody<Body: Decodable>(_ type: Body.Type, _ buffer: ByteBuffer) throws -> Body {
        do {
            return try ClassJSON.decoder().decode(type, from: Data(buffer.readableBytesView))
        } catch {
            throw ClassHTTPError.badBody("The body is not the JSON this route takes (see API.md): \(Self.describe(error))")
        }
    }

    private static func describe(_ error: any Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, _): return "'\(key.stringValue)' is missing."
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            return "'\(context.codingPath.map(\.stringValue).joined(separator: "."))' has the wrong type."
        case DecodingError.dataCorrupted(let context):
            return context.codingPath.isEmpty ? "it is not JSON." : "'\(context.codingPath.map(\.stringValue).joined(separator: "."))' is not valid."
        default: return "it could not be read."
        }
    }

    // MARK: Answers

    /// A page, under a policy that runs no inline script or style.
    private func page(_ html: String) -> Response {
        var response = text(html, type: "text/html; charset=utf-8")
        response.headers[.contentSecurityPolicy] =
            "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'"
        return response
    }

    /// The room as server-sent events, until the browser leaves, its session signs out, or the
    /// server shuts down gracefully (Ctrl-C): `cancelOnGracefulShutdown` ends the loop, so that
    /// the server's graceful shutdown does not wait on a dashboard left open.
    private func stream(anonymous: Bool, session: String?) -> Response {
        let service = service
        let heartbeat = heartbeat
        let clock = service.clock
        let body = ResponseBody { writer in
            let updates = await service.watch(anonymous: anonymous, session: session)
            let encoder = ClassJSON.encoder()
            let (lines, sender) = AsyncStream.makeStream(of: String.self)
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    // The whole room first, then only what changed: the rows whose version
                    // moved since this stream sent them.
                    var sent: [String: Int] = [:]
                    var sentOrder: [String] = []
                    var first = true
                    for await update in updates {
                        if first {
                            first = false
                            _ = RoomChanges(from: update.room, versions: update.versions, sent: &sent, sentOrder: &sentOrder)
                            sender.yield("event: room\ndata: " + String(decoding: try encoder.encode(update.room), as: UTF8.self) + "\n\n")
                        } else {
                            let changes = RoomChanges(from: update.room, versions: update.versions, sent: &sent, sentOrder: &sentOrder)
                            sender.yield("event: changes\ndata: " + String(decoding: try encoder.encode(changes), as: UTF8.self) + "\n\n")
                        }
                    }
                    sender.finish()
                }
                group.addTask {
                    while !Task.isCancelled {
                        try await clock.sleep(for: heartbeat)
                        sender.yield(": still here\n\n")
                    }
                }
                for await line in lines.cancelOnGracefulShutdown() {
                    try await writer.write(ByteBuffer(string: line))
                }
                group.cancelAll()
            }
            try await writer.finish(nil)
        }
        return Response(
            status: .ok,
            headers: [.contentType: "text/event-stream; charset=utf-8", .cacheControl: "no-store", .init("X-Accel-Buffering")!: "no"],
            body: body)
    }

    private func text(_ text: String, type: String) -> Response {
        Response(
            status: .ok,
            headers: [.contentType: type, .cacheControl: "no-store", .init("X-Content-Type-Options")!: "nosniff", .init("Referrer-Policy")!: "no-referrer"],
            body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    private func download(_ content: String, type: String, name: String) -> Response {
        var response = text(content, type: type)
        response.headers[.contentDisposition] = "attachment; filename=\"\(name)\""
        return response
    }

    private func json(_ value: some Encodable) throws -> Response {
        var response = text(String(decoding: try ClassJSON.encoder().encode(value), as: UTF8.self), type: "application/json; charset=utf-8")
        response.status = .ok
        return response
    }
}

/// `POST /api/unlock`.
struct UnlockRequest: Codable {
    var lesson: String
}

/// `POST /api/session`: a one-time code from a sign-in link, or the teacher's token typed.
struct SignInRequest: Codable {
    var code: String?
    var token: String?
}

/// `POST /api/learners/{id}/merge`.
struct MergeRequest: Codable {
    var into: String
}

/// `GET /api/learner`.
struct LearnerView: Codable {
    var learnerID: String
    var name: String
    var className: String
    var unlockedLessons: [String]
}

extension ClassRequestContext {
    /// The learner `LearnerAuthentication` found; only its routes ask.
    func requireLearner() throws -> String {
        guard let learnerID else { throw ClassHTTPError.unauthorized("This needs a learner's token.") }
        return learnerID
    }
}

/// The routes a router was given, as API.md writes them ("POST /api/join").
public final class RouteList: Sendable {
    private let entries = Mutex<[String]>([])
    public init() {}
    public var all: [String] { entries.withLock { $0 } }
    func note(_ route: String) { entries.withLock { $0.append(route) } }
}

extension RouterMethods {
    /// Adds a route and notes it in `list`; `under` is the path of the group it is added to.
    @discardableResult
    func route(
        _ method: HTTPRequest.Method, _ path: String, under prefix: String = "", _ list: RouteList?,
        use handler: @escaping @Sendable (Request, Context) async throws -> some ResponseGenerator
    ) -> Self {
        list?.note("\(method.rawValue) \(prefix)\(path.hasPrefix("/") || prefix.isEmpty ? "" : "/")\(path)")
        return on(RouterPath(path), method: method, use: handler)
    }
}
