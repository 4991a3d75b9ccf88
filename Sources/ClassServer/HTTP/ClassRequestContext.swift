import Hummingbird
import NIOCore

/// The request context of the class server: Hummingbird's basic context, and the address the
/// request came from (joins are rate-limited by address, before there is a token).
public struct ClassRequestContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    public let remoteAddress: String?

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress?.ipAddress
    }
}
