/// Which default a `HandmadeDependencyKey` gives: the live one or the test one.
public enum HandmadeContext: String, Sendable, CaseIterable {
    /// The running program: keys give their `liveValue`.
    case live
    /// A test: keys give their `testValue`.
    case test
}
