import ClassProtocol
import DojoCore
import Foundation
import Hummingbird

/// The class server's routes (API.md): who may call each, the limits on what they send, and
/// errors as one sentence for a person.
public struct ClassRoutes: Sendable {
    let service: ClassService
    let dashboard: DashboardFiles
    let limiter: RateLimiter
    /// How often the stream to a dashboard sends a comment when nothing changes, so that proxies
    /// and the browser see a live connection.
    let heartbeat: Duration

    public init(service: ClassService, dashboard: DashboardFiles, limiter: RateLimiter = RateLimiter(), heartbeat: Duration = .seconds(15)) {
        self.service = service
        self.dashboard = dashboard
        self.limiter = limiter
        self.heartbeat = heartbeat
    }

    /// Why a request got no further than its checks.
    enum Stop: Error {
        case unauthorized(String)
        case tooMany
        case tooLarge(Int)
        case badBody(String)
    }

    public func router() -> Router<ClassRequestContext> {
        let router = Router(context: ClassRequestContext.self)
        router.get("/") { _, _ in
            Response(status: .seeOther, headers: [.location: "/dashboard"])
        }
        router.get("/dashboard") { request, context in await respond { try await page(request) } }
        router.get("/projector") { request, context in await respond { try await page(request) } }
        router.get("/dashboard.js") { _, _ in text(dashboard.script, type: "text/javascript; charset=utf-8") }
        router.get("/dashboard.css") { _, _ in text(dashboard.style, type: "text/css; charset=utf-8") }
        router.get("/healthz") { _, _ in text("ok\n", type: "text/plain; charset=utf-8") }

        router.post("/api/join") { request, context in
            await respond {
                try limit(context.remoteAddress.map { "address " + $0 } ?? "address local")
                let join = try await decode(JoinRequest.self, from: request, upTo: ClassLimits.bodyBytes)
                return try json(try await service.join(code: join.code, name: join.name))
            }
        }
        router.post("/api/events") { request, context in
            await respond {
                let learnerID = try await learner(request)
                var request = request
                let body = try await collect(&request, upTo: ClassLimits.askBodyBytes)
                let batch = try decodeBody(EventBatch.self, body)
                if body.readableBytes > ClassLimits.bodyBytes && !batch.events.contains(where: { $0.kind == .ask }) {
                    throw Stop.tooLarge(ClassLimits.bodyBytes)
                }
                return try json(try await service.receive(batch, from: learnerID))
            }
        }
        router.get("/api/learner") { request, context in
            await respond {
                let learnerID = try await learner(request)
                return try json(LearnerView(
                    learnerID: learnerID, name: await service.learnerName(learnerID) ?? "", className: await service.className,
                    unlockedLessons: await service.unlockedLessons))
            }
        }

        router.get("/api/room") { request, context in
            await respond {
                try await teacher(request)
                return try json(projector(request) ? await service.anonymousRoom() : await service.room())
            }
        }
        router.get("/api/stream") { request, context in
            await respond {
                try await teacher(request)
                return stream(anonymous: projector(request))
            }
        }
        router.get("/api/hands/:id") { request, context in
            await respond {
                try await teacher(request)
                return try json(try await service.hand(context.parameters.get("id") ?? ""))
            }
        }
        router.post("/api/hands/:id/done") { request, context in
            await respond {
                try await teacher(request)
                try await service.markHandDone(context.parameters.get("id") ?? "")
                return Response(status: .noContent)
            }
        }
        router.post("/api/unlock") { request, context in
            await respond {
                try await teacher(request)
                let body = try await decode(UnlockRequest.self, from: request, upTo: ClassLimits.bodyBytes)
                return try json(["unlockedLessons": try await service.unlock(body.lesson)])
            }
        }
        router.post("/api/rotate-code") { request, context in
            await respond {
                try await teacher(request)
                return try json(["joinCode": try await service.rotateJoinCode()])
            }
        }
        router.get("/api/export.csv") { request, context in
            await respond {
                try await teacher(request)
                return download(ClassExport.csv(await service.room()), type: "text/csv; charset=utf-8", name: "class.csv")
            }
        }
        router.get("/api/export.xml") { request, context in
            await respond {
                try await teacher(request)
                return download(ClassExport.junit(await service.room()), type: "application/xml; charset=utf-8", name: "class-junit.xml")
            }
        }
        return router
    }

    // MARK: Who is asking

    /// The bearer token of the request: the Authorization header, or `?token=` (the page and
    /// its event stream cannot set headers).
    private func bearer(_ request: Request) -> String? {
        if let header = request.headers[.authorization], header.hasPrefix("Bearer ") {
            return String(header.dropFirst("Bearer ".count)).trimmingCharacters(in: .whitespaces)
        }
        return request.uri.queryParameters.get("token")
    }

    private func teacher(_ request: Request) async throws {
        guard let token = bearer(request), Secrets.equal(token, service.teacherToken) else {
            try limit("unauthenticated")
            throw Stop.unauthorized("This needs the teacher's token: use the dashboard link that 'didojo class serve' printed.")
        }
        try limit("teacher")
    }

    private func learner(_ request: Request) async throws -> String {
        guard let token = bearer(request), let learnerID = await service.learner(token: token) else {
            try limit("unauthenticated")
            throw Stop.unauthorized("This learner token is not one of this class: join again with 'class join'.")
        }
        try limit("learner " + learnerID)
        return learnerID
    }

    private func limit(_ key: String) throws {
        guard limiter.allow(key) else { throw Stop.tooMany }
    }

    private func projector(_ request: Request) -> Bool {
        request.uri.path == "/projector" || request.uri.queryParameters.get("view") == "projector"
    }

    // MARK: Bodies

    private func collect(_ request: inout Request, upTo limit: Int) async throws -> ByteBuffer {
        do {
            return try await request.collectBody(upTo: limit)
        } catch let error as any HTTPResponseError where error.status == .contentTooLarge {
            throw Stop.tooLarge(limit)
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
            throw Stop.badBody("The body is not the JSON this route takes (see API.md): \(Self.describe(error))")
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

    private func page(_ request: Request) async throws -> Response {
        // The page itself holds nothing secret; its script asks the API with the token. Still
        // refused without the token, so a wrong link says so at once.
        try await teacher(request)
        var response = text(dashboard.page, type: "text/html; charset=utf-8")
        response.headers[.contentSecurityPolicy] =
            "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'"
        return response
    }

    private func stream(anonymous: Bool) -> Response {
        let service = service
        let heartbeat = heartbeat
        let body = ResponseBody { writer in
            let updates = await service.watch(anonymous: anonymous)
            let encoder = ClassJSON.encoder()
            try await withThrowingTaskGroup(of: Void.self) { group in
                let (lines, sender) = AsyncStream.makeStream(of: String.self)
                group.addTask {
                    for await room in updates {
                        let data = try encoder.encode(room)
                        sender.yield("event: room\ndata: " + String(decoding: data, as: UTF8.self) + "\n\n")
                    }
                    sender.finish()
                }
                group.addTask {
                    while !Task.isCancelled {
                        try await Task.sleep(for: heartbeat)
                        sender.yield(": still here\n\n")
                    }
                }
                for await line in lines {
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

    /// Runs a route and turns what stopped it into a status and one sentence.
    private func respond(_ route: () async throws -> Response) async -> Response {
        do {
            return try await route()
        } catch let stop as Stop {
            switch stop {
            case .unauthorized(let message): return failure(.unauthorized, message)
            case .tooMany:
                var response = failure(.tooManyRequests, "Too many requests: wait a second and send again.")
                response.headers[.retryAfter] = "1"
                return response
            case .tooLarge(let limit): return failure(.contentTooLarge, "The body is over \(limit / 1024) KiB, the most this route takes.")
            case .badBody(let message): return failure(.badRequest, message)
            }
        } catch let refusal as ClassService.Refusal {
            switch refusal {
            case .wrongCode: return failure(.forbidden, "That join code is not this class's: ask the teacher for the code on the board.")
            case .invalid(let message): return failure(.unprocessableContent, message)
            case .notFound(let message): return failure(.notFound, message)
            }
        } catch {
            return failure(.internalServerError, "The server could not do that: \(error.localizedDescription)")
        }
    }

    private func failure(_ status: HTTPResponse.Status, _ message: String) -> Response {
        var response = (try? json(ClassErrorBody(error: message))) ?? Response(status: status)
        response.status = status
        return response
    }
}

/// `POST /api/unlock`.
struct UnlockRequest: Codable {
    var lesson: String
}

/// `GET /api/learner`.
struct LearnerView: Codable {
    var learnerID: String
    var name: String
    var className: String
    var unlockedLessons: [String]
}
