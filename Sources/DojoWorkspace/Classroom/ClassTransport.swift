import ClassProtocol
import Foundation

/// How a courier reaches the class server: one batch, answered with a receipt or a problem.
/// The real one (URLSession) is made in `didojo-class-client`'s composition root, which links
/// the networking; the tests give a fake.
package protocol ClassTransport: Sendable {
    func send(_ batch: EventBatch, to server: URL, token: String) async -> Result<BatchReceipt, ClassTransportProblem>
}

/// Why a batch did not get through.
package enum ClassTransportProblem: Error, Equatable, Sendable {
    /// No answer: the server is down, the address is wrong, the network is gone.
    case unreachable(String)
    /// The server answered with an error status and its sentence.
    case refused(status: Int, message: String, retryAfter: Double?)
}
