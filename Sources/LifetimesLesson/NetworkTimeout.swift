import Domain

/// A network that did not answer in time: the kind of failure worth trying again.
public struct NetworkTimeout: Error, Equatable, CustomStringConvertible {
    public let network: SocialNetwork

    public init(network: SocialNetwork) {
        self.network = network
    }

    public var description: String {
        "\(network.displayName) did not answer in time"
    }
}
