/// A network whose first `failures` posts fail, and which then forwards every post: what the
/// demo retries against. An actor, because it counts tries, and tries may come from any task.
public actor UnreliableNetwork: AsyncPostOutput {
    /// The error of a failed try, saying which try it was.
    public struct Failure: Error, Equatable, CustomStringConvertible {
        public let tryNumber: Int

        public init(tryNumber: Int) {
            self.tryNumber = tryNumber
        }

        public var description: String { "the network failed try \(tryNumber)" }
    }

    private let inner: any AsyncPostOutput
    private let failures: Int
    /// How many posts it was asked to send, the failed ones included.
    public private(set) var tries = 0

    public init(forwardingTo inner: any AsyncPostOutput, failures: Int) {
        self.inner = inner
        self.failures = failures
    }

    public func post(_ text: String) async throws {
        tries += 1
        if tries <= failures { throw Failure(tryNumber: tries) }
        try await inner.post(text)
    }
}
