/// One place where the learner's file breaks a `WiringRule`.
package struct WiringViolation: Sendable, Hashable, Codable {
    /// The rule broken.
    package let rule: WiringRule.Kind
    package let file: String
    package let line: Int
    /// The rule's message, for the learner.
    package let message: String
    /// What exactly was found there, in one line: "SocialPresenter creates TwitterClient() for `client`".
    package let detail: String

    package init(rule: WiringRule.Kind, file: String, line: Int, message: String, detail: String) {
        self.rule = rule
        self.file = file
        self.line = line
        self.message = message
        self.detail = detail
    }
}
