import ClassProtocol
import DojoWorkspace
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One request to the class server, answered as data or as a problem in a learner's terms.
struct ClassServerConnection: Sendable {
    let server: URL
    let token: String?

    enum Problem: Error {
        /// No answer: the server is down, the address is wrong, the network is gone.
        case unreachable(String)
        /// The server answered with an error status and its sentence.
        case refused(status: Int, message: String, retryAfter: Double?)

        var joinMessage: String {
            switch self {
            case .unreachable(let reason):
                return "Could not reach the class server (\(reason)). Check the address with your teacher, and that this machine is on the class's network."
            case .refused(let status, let message, _):
                return status == 403 || status == 422 ? message : "The class server refused to let you join (\(status)): \(message)"
            }
        }
    }

    func send(_ method: String, _ path: String, body: (some Encodable)?) async -> Result<Data, Problem> {
        await send(method, path, json: body.flatMap { try? ClassJSON.encoder().encode($0) })
    }

    /// Sends `json` as it is.
    func send(_ method: String, _ path: String, json: Data?) async -> Result<Data, Problem> {
        var request = URLRequest(url: server.appendingPathComponent(path), timeoutInterval: 10)
        request.httpMethod = method
        if let token { request.setValue("Bearer " + token, forHTTPHeaderField: "Authorization") }
        if let json {
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.httpBody = json
        }
        do {
            let (data, response) = try await URLSession.shared.data(for: request)
            guard let http = response as? HTTPURLResponse else { return .failure(.unreachable("no HTTP answer")) }
            guard (200..<300).contains(http.statusCode) else {
                let message = (try? JSONDecoder().decode(ClassErrorBody.self, from: data))?.error ?? "status \(http.statusCode)"
                let retryAfter = (http.value(forHTTPHeaderField: "Retry-After")).flatMap(Double.init)
                return .failure(.refused(status: http.statusCode, message: message, retryAfter: retryAfter))
            }
            return .success(data)
        } catch {
            return .failure(.unreachable(error.localizedDescription))
        }
    }

    func send(_ method: String, _ path: String) async -> Result<Data, Problem> {
        await send(method, path, body: String?.none)
    }
}

/// The courier's transport: `POST /api/events` over URLSession.
struct URLSessionTransport: ClassTransport {
    func send(_ batch: EventBatch, to server: URL, token: String) async -> Result<BatchReceipt, ClassTransportProblem> {
        switch await ClassServerConnection(server: server, token: token).send("POST", "/api/events", body: batch) {
        case .success(let data):
            guard let receipt = try? ClassJSON.decoder().decode(BatchReceipt.self, from: data) else {
                return .failure(.unreachable("the answer was not the class server's"))
            }
            return .success(receipt)
        case .failure(.unreachable(let reason)): return .failure(.unreachable(reason))
        case .failure(.refused(let status, let message, let retryAfter)): return .failure(.refused(status: status, message: message, retryAfter: retryAfter))
        }
    }
}
