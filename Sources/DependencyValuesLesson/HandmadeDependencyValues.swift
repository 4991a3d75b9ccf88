/// The whole dependency store of Part 1, in one small struct: the overrides in force, and the
/// context that picks each key's default.
///
/// The store itself is a plain value. What makes it "ambient" is `current`, a `@TaskLocal`:
/// code anywhere can read it, but it can only be changed for the length of a closure
/// (`withHandmadeDependencies`). Tasks made there with `Task { }`, `async let` or a task group
/// inherit the change; `Task.detached`, Dispatch queues and closures stored for later do not.
public struct HandmadeDependencyValues: Sendable {
    /// The values in force for the code running now. Starts live, with no overrides.
    @TaskLocal public static var current = HandmadeDependencyValues()

    /// Which default a key gives when it has no override.
    public var context: HandmadeContext = .live

    /// Overrides, by key type. `ObjectIdentifier` of a metatype is a cheap, unique key.
    private var overrides: [ObjectIdentifier: any Sendable] = [:]

    public init() {}

    /// The override for `key` if there is one, otherwise its default for `context`.
    public subscript<Key: HandmadeDependencyKey>(key: Key.Type) -> Key.Value {
        get {
            if let value = overrides[ObjectIdentifier(key)] as? Key.Value {
                return value
            }
            switch context {
            case .live: return Key.liveValue
            case .test: return Key.testValue
            }
        }
        set {
            overrides[ObjectIdentifier(key)] = newValue
        }
    }
}
