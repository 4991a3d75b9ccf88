import Hummingbird
import NIOCore

/// The request context of the class server: Hummingbird's basic context, the address the
/// request came from (joins are rate-limited by address, before there is a token), and who the
/// authentication middleware found the caller to be.
public struct ClassRequestContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    public let remoteAddress: String?
    /// Set by `LearnerAuthentication` on the learners' routes.
    public var learnerID: String?

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress?.ipAddress
    }
}
