/// A network a post can be sent to.
public enum SocialNetwork: String, CaseIterable, Codable, Equatable, Sendable {
    case twitter
    case facebook

    /// The name shown to people, e.g. on a compose sheet.
    public var displayName: String {
        switch self {
        case .twitter: "Twitter"
        case .facebook: "Facebook"
        }
    }
}
