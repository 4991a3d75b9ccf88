@testable import ExerciseChecking
import Testing

/// What of the learner's code the compiled checks depend on (see `CheckedInterface`): an edit
/// that leaves it unchanged reuses the checks compiled before, so every change that could
/// change what the checks' calls pick or the layout they rely on must change it.
@Suite struct CheckedInterfaceTests {
    /// The checks of these tests name `Presenter`, its `share`, `Counter.count`, and `makeHelper`.
    let checks = """
        final class PresenterChecks: XCTestCase {
            func testShares() {
                let presenter = Presenter(network: "x")
                presenter.share("hi")
                XCTAssertEqual(Counter().count, 0)
                _ = makeHelper()
            }
        }
        """

    let base = """
        import Foundation
        struct Presenter {
            let network: String
            func share(_ text: String) { print(text) }
        }
        final class Counter {
            var count = 0
            func bump() { count += 1 }
        }
        func makeHelper() -> Helper { Helper(size: 1) }
        struct Helper { let size: Int }
        """

    func text(_ source: String) -> String {
        CheckedInterface.text(of: [source], namesInChecks: CheckedInterface.names(in: checks))
    }

    @Test(arguments: [
        ("a body", "func share(_ text: String) { print(text) }", "func share(_ text: String) { print(text, text) }"),
        ("a comment and the spacing", "let network: String", "let   network : String // where it goes"),
        ("a function nobody names", "func makeHelper()", "func unused() {}\nfunc makeHelper()"),
        ("a type nobody reaches", "struct Helper", "struct Lonely { var a = 1; func b() {} }\nstruct Helper"),
        ("a struct's method nobody names", "func share(_ text: String) { print(text) }", "func share(_ text: String) { print(text) }\n    func tidy() {}"),
        ("a computed property nobody names", "let network: String", "let network: String\n    var loud: String { network.uppercased() }"),
    ])
    func leftAsItWasBy(change: String, original: String, replacement: String) throws {
        let changed = base.replacingOccurrences(of: original, with: replacement)
        try #require(changed != base, "the test's edit must apply: \(change)")
        #expect(text(changed) == text(base), "\(change) should leave what the checks depend on as it was")
    }

    @Test(arguments: [
        ("an overload of a named function", "func share(_ text: String) { print(text) }", "func share(_ text: String) { print(text) }\n    func share(_ text: Substring) {}"),
        ("a stored property (the layout)", "let network: String", "let network: String\n    var extra = 0"),
        ("a stored property of a type only reached by a named function's result", "let size: Int", "let size: Int\n    let more: Int"),
        ("a class's method (its vtable)", "func bump() { count += 1 }", "func bump() { count += 1 }\n    func reset() { count = 0 }"),
        ("an initializer of a named type", "let network: String", "let network: String\n    init(network: String = \"y\") { self.network = network }"),
        ("a conformance", "struct Presenter {", "struct Presenter: Equatable {"),
        ("an import", "import Foundation", "import Foundation\nimport Dispatch"),
        ("a parameter's type", "func share(_ text: String)", "func share(_ text: Substring)"),
        ("an inlinable body", "func share(_ text: String) { print(text) }", "@inlinable func share(_ text: String) { print(text + text) }"),
    ])
    func changedBy(change: String, original: String, replacement: String) throws {
        let changed = base.replacingOccurrences(of: original, with: replacement)
        try #require(changed != base, "the test's edit must apply: \(change)")
        #expect(text(changed) != text(base), "\(change) must count")
    }

    @Test func anExtensionOfAReachedTypeCountsAndItsMethodsWhenNamed() {
        let named = base + "\nextension Presenter { func share(_ count: Int) {} }"
        let unnamed = base + "\nextension Presenter { func whisper() {} }"
        #expect(text(named) != text(base))
        // The extension's header counts (it could add a conformance); its unnamed method does not.
        #expect(text(unnamed) == text(base + "\nextension Presenter { }"))
    }

    @Test func anOpaqueResultCountsWithTheBodyThatDecidesItsType() {
        let opaque = base + "\nfunc makeHelper2() -> some Equatable { 1 }"
        let checks = CheckedInterface.names(in: "_ = makeHelper2()")
        let one = CheckedInterface.text(of: [opaque], namesInChecks: checks)
        let other = CheckedInterface.text(of: [opaque.replacingOccurrences(of: "{ 1 }", with: "{ \"one\" }")], namesInChecks: checks)
        #expect(one != other)
    }
}
