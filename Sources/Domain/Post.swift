/// One post as it was sent: where it went, its text and the name of its picture, if any.
public struct Post: Equatable, Codable, Sendable {
    public let network: SocialNetwork
    public let text: String
    /// The attached picture's name, or `nil` for a text-only post.
    public let imageName: String?

    public init(network: SocialNetwork, text: String, imageName: String? = nil) {
        self.network = network
        self.text = text
        self.imageName = imageName
    }

    private enum CodingKeys: String, CodingKey {
        case network, text
        case imageName = "image"
    }
}
