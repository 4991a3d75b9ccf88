/// Who builds the app's coordinator in `run --wiring …`.
public enum Wiring: String, CaseIterable, Sendable {
    /// Pure DI: the hand-written `DIContainer` and plain initializers.
    case diContainer = "di-container"
    /// The lesson's `SimpleContainer`.
    case simple
    /// Swinject's `Container`.
    case swinject
}
