/// A demo test's failed expectation, with what was expected and what happened.
public struct DemoTestFailure: Error, Equatable, CustomStringConvertible {
    public let message: String

    public init(message: String) {
        self.message = message
    }

    public var description: String { message }
}
