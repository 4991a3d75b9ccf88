/// Reads one dependency from `HandmadeDependencyValues.current`, at every access.
///
/// `@Injected(\.clock) var clock` is a computed property in disguise: the wrapper keeps only the
/// key path, and looks the value up each time the property is read. So the value is whatever
/// the innermost `withHandmadeDependencies` around the *read* says. (Swift-dependencies'
/// `@Dependency` also remembers the values in force when it was created; page 7 shows why.)
@propertyWrapper
public struct Injected<Value: Sendable>: Sendable {
    private let keyPath: KeyPath<HandmadeDependencyValues, Value> & Sendable

    public init(_ keyPath: KeyPath<HandmadeDependencyValues, Value> & Sendable) {
        self.keyPath = keyPath
    }

    public var wrappedValue: Value {
        HandmadeDependencyValues.current[keyPath: keyPath]
    }
}
