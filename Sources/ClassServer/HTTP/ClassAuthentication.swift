import Hummingbird

/// The bearer token of a request: the Authorization header, or `?token=` (the dashboard page
/// and its `EventSource` cannot set headers).
func bearerToken(of request: Request) -> String? {
    if let header = request.headers[.authorization], header.hasPrefix("Bearer ") {
        return String(header.dropFirst("Bearer ".count)).trimmingCharacters(in: .whitespaces)
    }
    return request.uri.queryParameters.get("token")
}

/// Lets a request through only with the teacher's token (or, where `allowsProjector`, the
/// projector's read-only token), then counts it against the teacher's rate. A wrong token is
/// counted against one shared "unauthenticated" bucket, so guessing is slow.
struct TeacherAuthentication: RouterMiddleware {
    typealias Context = ClassRequestContext
    let service: ClassService
    let limiter: RateLimiter
    var allowsProjector = false

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let token = bearerToken(of: request), let role = service.role(ofToken: token),
              role == .teacher || (allowsProjector && role == .projector)
        else {
            try limiter.check("unauthenticated")
            throw ClassHTTPError.unauthorized("This needs the teacher's token: use the dashboard link that 'didojo class serve' printed.")
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

/// Counts a request against its address: the join route, before there is a token.
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
