/// One place where the learner's file breaks a `WiringRule`.
public struct WiringViolation: Sendable, Hashable, Codable {
    /// The rule broken.
    public let rule: WiringRule.Kind
    public let file: String
    public let line: Int
    /// The rule's message, for the learner.
    public let message: String
    /// What exactly was found there, in one line: "SocialPresenter creates TwitterClient() for `client`".
    public let detail: String

    public init(rule: WiringRule.Kind, file: String, line: Int, message: String, detail: String) {
        self.rule = rule
        self.file = file
        self.line = line
        self.message = message
        self.detail = detail
    }
}
