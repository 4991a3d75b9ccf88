import Hummingbird

/// The bearer token of a request's Authorization header. The learners' shells and the teacher's
/// scripts (`didojo class grade`) send their tokens this way only.
func bearerToken(of request: Request) -> String? {
    guard let header = request.headers[.authorization], header.hasPrefix("Bearer ") else { return nil }
    return String(header.dropFirst("Bearer ".count)).trimmingCharacters(in: .whitespaces)
}

/// The projector's token in the URL (`?token=`): the one token a URL may carry, because it only
/// reads the room without names (the projector's page and its `EventSource` cannot set headers).
/// A teacher's token there opens nothing: it would sit in the browser's history and on the
/// projected screen.
func projectorTokenInURL(of request: Request, service: ClassService) -> String? {
    guard let token = request.uri.queryParameters.get("token"), service.role(ofToken: token) == .projector else { return nil }
    return token
}

/// The header the dashboard's script sends with every request it makes with the session
/// cookie. A page of another site cannot set it without the server's leave (CORS), so a
/// request without it is not the dashboard's, whatever cookie it carries.
let dashboardHeader = HTTPFields.Element.Name("X-Didojo-Dashboard")!

/// The teacher's session a request's cookie holds: signed by this class, not expired, not
/// signed out.
func teacherSession(of request: Request, service: ClassService, sessions: TeacherSessions) async -> TeacherSessions.Session? {
    guard let cookie = request.cookies[sessions.cookieName], let session = sessions.session(cookie.value),
          await !service.isSignedOut(session: session.nonce)
    else { return nil }
    return session
}

/// Who a request comes from, of the teacher's two roles: the teacher's token in the header, the
/// teacher's signed-in browser (its session cookie), or the projector's token (header or URL).
func teacherRole(of request: Request, service: ClassService, sessions: TeacherSessions) async throws -> ClassService.Role? {
    if let token = bearerToken(of: request) { return service.role(ofToken: token) }
    if await teacherSession(of: request, service: service, sessions: sessions) != nil {
        // SameSite=Strict keeps the cookie off other sites' requests; the header is the second
        // lock on every request that changes something.
        if ![.get, .head].contains(request.method), request.headers[dashboardHeader] == nil {
            throw ClassHTTPError(.forbidden, "A request that changes the class must come from the dashboard's own page.")
        }
        return .teacher
    }
    return projectorTokenInURL(of: request, service: service).map { _ in .projector }
}

/// Lets a request through only from the teacher (or, where `allowsProjector`, with the
/// projector's read-only token), then counts it against the teacher's rate. A request without
/// them is counted against one shared "unauthenticated" bucket, so guessing is slow.
struct TeacherAuthentication: RouterMiddleware {
    typealias Context = ClassRequestContext
    let service: ClassService
    let sessions: TeacherSessions
    let limiter: RateLimiter
    var allowsProjector = false

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let role = try await teacherRole(of: request, service: service, sessions: sessions),
              role == .teacher || (allowsProjector && role == .projector)
        else {
            try limiter.check("unauthenticated")
            throw ClassHTTPError.unauthorized(
                "This needs the teacher: sign in with the link 'didojo class serve' printed (or the teacher's token at /signin).")
        }
        try limiter.check(role == .teacher ? "teacher" : "projector")
        return try await next(request, context)
    }
}

/// Lets a request through only with a learner's token, and says whose in the context.
struct LearnerAuthentication: RouterMiddleware {
    typealias Context = ClassRequestContext
    let service: ClassService
    let limiter: RateLimiter

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let token = bearerToken(of: request), let learnerID = await service.learner(token: token) else {
            try limiter.check("unauthenticated")
            throw ClassHTTPError.unauthorized("This learner token is not one of this class: join again with 'class join'.")
        }
        try limiter.check("learner " + learnerID)
        var context = context
        context.learnerID = learnerID
        return try await next(request, context)
    }
}

/// Counts a request against its address: the join and sign-in routes, before there is a token.
struct AddressRateLimit: RouterMiddleware {
    typealias Context = ClassRequestContext
    let limiter: RateLimiter

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        try limiter.check("address " + (context.remoteAddress ?? "local"))
        return try await next(request, context)
    }
}

extension RateLimiter {
    /// Throws the 429 when `key` is over its rate.
    func check(_ key: String) throws {
        guard allow(key) else { throw ClassHTTPError.tooMany }
    }
}
