import ClassProtocol
import Foundation
import Hummingbird

/// Why a request got no further, as Hummingbird's `HTTPResponseError`: a status and one
/// sentence for a person, answered as API.md says (`{"error": "…"}`).
public struct ClassHTTPError: HTTPResponseError, Sendable {
    public let status: HTTPResponse.Status
    public let message: String
    public var headers: HTTPFields

    public init(_ status: HTTPResponse.Status, _ message: String, headers: HTTPFields = [:]) {
        self.status = status
        self.message = message
        self.headers = headers
    }

    static func unauthorized(_ message: String) -> ClassHTTPError { ClassHTTPError(.unauthorized, message) }

    static var tooMany: ClassHTTPError {
        ClassHTTPError(.tooManyRequests, "Too many requests: wait a second and send again.", headers: [.retryAfter: "1"])
    }

    static func tooLarge(_ limit: Int) -> ClassHTTPError {
        ClassHTTPError(.contentTooLarge, "The body is over \(limit / 1024) KiB, the most this route takes.")
    }

    static func badBody(_ message: String) -> ClassHTTPError { ClassHTTPError(.badRequest, message) }

    public func response(from request: Request, context: some RequestContext) throws -> Response {
        ClassHTTPError.json(ClassErrorBody(error: message), status: status, headers: headers)
    }

    /// The error body with the headers every answer of the server carries.
    static func json(_ body: ClassErrorBody, status: HTTPResponse.Status, headers extra: HTTPFields = [:]) -> Response {
        let data = (try? ClassJSON.encoder().encode(body)) ?? Data(#"{"error":"?"}"#.utf8)
        var headers: HTTPFields = [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"]
        headers.append(contentsOf: extra)
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}

/// A refusal of the class's rules is an HTTP error with its status.
extension ClassService.Refusal: HTTPResponseError {
    public var status: HTTPResponse.Status {
        switch self {
        case .wrongCode: return .forbidden
        case .invalid: return .unprocessableContent
        case .notFound: return .notFound
        case .conflict: return .conflict
        case .tooMany: return .tooManyRequests
        }
    }

    var message: String {
        switch self {
        case .wrongCode: return "That join code is not this class's: ask the teacher for the code on the board."
        case .invalid(let message), .notFound(let message), .conflict(let message), .tooMany(let message): return message
        }
    }

    public func response(from request: Request, context: some RequestContext) throws -> Response {
        ClassHTTPError.json(ClassErrorBody(error: message), status: status)
    }
}

/// The outermost middleware: an error that is not an HTTP error of its own (the store failed,
/// say) becomes a 500 with a sentence, never an empty answer.
struct ClassErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as any HTTPResponseError {
            throw error
        } catch {
            throw ClassHTTPError(.internalServerError, "The server could not do that: \(error.localizedDescription)")
        }
    }
}
