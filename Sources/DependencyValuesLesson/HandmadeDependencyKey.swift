/// A key into `HandmadeDependencyValues`: names one dependency and says what it is by default.
///
/// Each key gives two defaults, one for the running program and one for tests, so that a test
/// never reaches the real world by accident. Swift-dependencies calls the same idea
/// `DependencyKey`; this lesson prefixes its own names with "Handmade" because the checker links
/// every lesson module and the real library into one program, where two `DependencyKey`s would
/// clash.
public protocol HandmadeDependencyKey {
    /// The type of the dependency. `Sendable`, because the values travel with tasks.
    associatedtype Value: Sendable

    /// What the running program uses when nobody overrides the dependency.
    static var liveValue: Value { get }

    /// What a test uses when nobody overrides the dependency.
    static var testValue: Value { get }
}
