/// The anti-pattern `run --pattern` shows, by the word the learner types.
public enum DemoPattern: String, CaseIterable, Sendable {
    case controlFreak = "control-freak"
    case serviceLocator = "service-locator"
    case ambientContext = "ambient-context"
    case constrainedConstruction = "constrained-construction"

    /// The section's heading, e.g. "Service Locator".
    var title: String {
        switch self {
        case .controlFreak: AntiPattern.controlFreak.title
        case .serviceLocator: AntiPattern.serviceLocator.title
        case .ambientContext: AntiPattern.ambientContext.title
        case .constrainedConstruction: AntiPattern.constrainedConstruction.title
        }
    }
}
