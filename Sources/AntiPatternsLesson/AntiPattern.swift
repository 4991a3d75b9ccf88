/// The four anti-patterns of Seemann and van Deursen's catalogue (*Dependency Injection
/// Principles, Practices, and Patterns*, chapter 5), and a verdict for code that commits none.
///
/// The last exercise of the lesson asks for one of these per type.
public enum AntiPattern: String, CaseIterable, Sendable {
    /// The type creates (or picks, through a factory or a default argument) a volatile
    /// dependency of its own.
    case controlFreak
    /// The type asks a registry, global or handed to it, for its dependencies while it runs.
    case serviceLocator
    /// The type reads a volatile dependency from a static property that anyone may set.
    case ambientContext
    /// A framework or registry demands one initializer (often an empty `init()`) of every
    /// implementation, so that it can create them itself.
    case constrainedConstruction
    /// None of the four: the type receives what it needs, needs nothing volatile, or is the
    /// composition root.
    case clean

    /// The name as the literature writes it, e.g. "Service Locator".
    public var title: String {
        switch self {
        case .controlFreak: "Control Freak"
        case .serviceLocator: "Service Locator"
        case .ambientContext: "Ambient Context"
        case .constrainedConstruction: "Constrained Construction"
        case .clean: "no anti-pattern"
        }
    }
}
