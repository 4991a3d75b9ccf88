/// A share extension without a constructor requirement: whoever creates it can pass in what it
/// needs. `PluginCatalog` keeps a factory per name instead of a type.
public protocol SharePlugin {
    /// The name the app's settings use for this plugin, e.g. `facebook`.
    var name: String { get }
    /// Posts `text` wherever this plugin posts.
    func share(_ text: String) throws
}
