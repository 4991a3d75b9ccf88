/// Where a share stands, as the share screen shows it.
public enum ShareStatus: Equatable, Sendable, CustomStringConvertible {
    case editing
    case sending
    case sent(String)
    case failed(String)

    public var description: String {
        switch self {
        case .editing: "editing"
        case .sending: "sending…"
        case .sent(let text): "sent: \(text)"
        case .failed(let reason): "failed: \(reason)"
        }
    }
}
