/// Why a container could not build what it was asked for.
///
/// A runtime container finds these mistakes only when it runs, so it should at least say
/// clearly what is wrong, instead of crashing or recursing until the stack runs out.
public enum ResolutionError: Error, Equatable, CustomStringConvertible {
    /// Nothing is registered for `type`. `path` lists what was being built when it was
    /// needed, the outermost first (empty when `type` itself was asked for).
    case missingRegistration(type: String, path: [String])
    /// Building the first type of `cycle` needs itself again: `A → B → A`.
    case cycle([String])

    public var description: String {
        switch self {
        case .missingRegistration(let type, let path) where path.isEmpty:
            "no registration for \(type)"
        case .missingRegistration(let type, let path):
            "no registration for \(type), needed by \(path.joined(separator: " → "))"
        case .cycle(let types):
            "dependency cycle: \(types.joined(separator: " → "))"
        }
    }
}
