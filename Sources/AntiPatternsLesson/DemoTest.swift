/// One test as the demo runs it: a name, a letter to show it by, and a body that throws
/// `DemoTestFailure` when an expectation is not met.
///
/// The demo cannot run XCTest in front of the learner, so it runs these the way a test runner
/// does: one after another, in one process, sharing whatever global state the code has.
public struct DemoTest: Sendable {
    /// Short, for the table: `A`, `B`.
    public let letter: String
    /// What the test claims, as its method name would.
    public let name: String
    public let body: @Sendable () throws -> Void

    public init(_ letter: String, _ name: String, body: @escaping @Sendable () throws -> Void) {
        self.letter = letter
        self.name = name
        self.body = body
    }

    /// Fails the test with `message` unless `actual == expected`, like `XCTAssertEqual`.
    public static func expectEqual<Value: Equatable>(_ actual: Value, _ expected: Value, _ message: String) throws {
        guard actual == expected else {
            throw DemoTestFailure(message: "\(message): expected \(expected), got \(actual)")
        }
    }
}
