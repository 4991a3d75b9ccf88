/// Why a `ServiceLocator` could not give what it was asked for.
public enum ServiceLocatorError: Error, Equatable, CustomStringConvertible {
    /// Nothing is registered for the type with this name, e.g. `Logger` for `(any Logger).self`.
    case notRegistered(String)

    public var description: String {
        switch self {
        case .notRegistered(let type):
            "nothing is registered for \(type) in the service locator"
        }
    }
}
