/// Loads share extensions by name, like `PluginLoader`, but creates them with a factory the
/// composition root wrote: the way out of Constrained Construction.
///
/// The names still come from the settings; only the creating moved to where the concrete
/// types and their dependencies are known.
public struct PluginCatalog {
    private let factories: [String: () -> any SharePlugin]

    /// - Parameter factories: how to make the plugin behind each name.
    public init(factories: [String: () -> any SharePlugin]) {
        self.factories = factories
    }

    /// A new plugin, made by the factory registered under `name`.
    ///
    /// - Throws: `PluginLoadError.unknownPlugin` for a name nobody registered.
    public func load(_ name: String) throws -> any SharePlugin {
        guard let factory = factories[name] else {
            throw PluginLoadError.unknownPlugin(name, known: factories.keys.sorted())
        }
        return factory()
    }
}
