/// A share extension that `PluginLoader` creates by name, with `init()`.
///
/// The `init()` requirement is the constraint: whatever a plugin needs, it cannot be given,
/// so it must create it (Control Freak) or fetch it (Service Locator, Ambient Context).
public protocol LoadablePlugin {
    init()
    /// The name the app's settings use for this plugin, e.g. `facebook`.
    var name: String { get }
    /// Posts `text` wherever this plugin posts.
    func share(_ text: String) throws
}
