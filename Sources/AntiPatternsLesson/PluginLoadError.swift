/// A plugin name that nothing is registered under.
public enum PluginLoadError: Error, Equatable, CustomStringConvertible {
    case unknownPlugin(String, known: [String])

    public var description: String {
        switch self {
        case .unknownPlugin(let name, let known):
            "no plugin is registered as \"\(name)\"; known: \(known.joined(separator: ", "))"
        }
    }
}
