/// Loads share extensions by the names in the app's settings, and creates each with `init()`:
/// Constrained Construction.
public struct PluginLoader {
    private let types: [String: any LoadablePlugin.Type]

    /// - Parameter types: the plugin type behind each name.
    public init(types: [String: any LoadablePlugin.Type]) {
        self.types = types
    }

    /// A new plugin of the type registered under `name`.
    ///
    /// - Throws: `PluginLoadError.unknownPlugin` for a name nobody registered.
    public func load(_ name: String) throws -> any LoadablePlugin {
        guard let type = types[name] else {
            throw PluginLoadError.unknownPlugin(name, known: types.keys.sorted())
        }
        return type.init()
    }
}
