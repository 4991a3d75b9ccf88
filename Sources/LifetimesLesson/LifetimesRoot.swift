/// Which composition root builds the share screens in `run --lifetimes …`.
public enum LifetimesRoot: String, CaseIterable, Sendable {
    /// `ShareAppComposition`: wired by hand, one draft per screen.
    case byHand = "by-hand"
    /// `CaptiveShareComposition`: the presenter kept as a singleton, holding the first draft.
    case captive
    /// `SwinjectShareComposition`, with the presenter `.transient`.
    case swinject
    /// `SwinjectShareComposition`, with the presenter in `.container`: captive again.
    case swinjectCaptive = "swinject-captive"
}
