import MutationTesting
import Testing

/// What joins a mutant schema, and the file it makes, exactly. (That the file compiles and each
/// variant runs as itself is `PlantedBugSchemaTests`' part, with the compiler.)
@Suite struct MutantSchemaTests {
    static let original = """
        /// Counts.
        final class Counter {
            private(set) var value = 0
            var doubled: Int { value * 2 }

            init(start: Int) {
                value = start
            }

            func increment() {
                value += 1
            }

            func label() -> String {
                "counter at \\(value)"
            }
        }
        """

    /// `original` with `old` replaced by `new`, once.
    static func variant(_ old: String, _ new: String) -> String {
        precondition(original.contains(old))
        return original.replacingOccurrences(of: old, with: new)
    }

    /// An emptied body is a `break`: a `case` must hold a statement.
    @Test func variantsThatChangeBodiesJoinAndEachChangedBodySwitches() throws {
        let variants = [
            Self.variant("value += 1", "// Bug: counts twice.\n        value += 2"),
            Self.variant("\"counter at \\(value)\"", "\"counter\""),
            Self.variant("value += 1", ""),
        ]
        let schema = try #require(MutantSchema.make(original: Self.original, variants: variants, choice: "chosen"))
        #expect(schema.variants == [0, 1, 2])
        #expect(schema.text == """
            /// Counts.
            final class Counter {
                private(set) var value = 0
                var doubled: Int { value * 2 }

                init(start: Int) {
                    value = start
                }

                func increment() {
            switch chosen {
            case 1:

                    // Bug: counts twice.
                    value += 2
            case 3:
            break
            default:

                    value += 1
            }

                }

                func label() -> String {
            switch chosen {
            case 2:

                    return "counter"
            default:

                    return "counter at \\(value)"
            }

                }
            }
            """)
    }

    /// A lone expression is a body's value only where the body returns one: a getter's, or a
    /// function's with a result that is not `Void`.
    @Test func aLoneExpressionIsReturnedOnlyWhereItIsTheValue() throws {
        let variants = [
            Self.variant("var doubled: Int { value * 2 }", "var doubled: Int { value * 3 }"),
            Self.variant("var doubled: Int { value * 2 }", "var doubled: Int { value }"),
            Self.variant("value += 1", "increment()"),
        ]
        let schema = try #require(MutantSchema.make(original: Self.original, variants: variants, choice: "chosen"))
        #expect(schema.text.contains("case 1:\nreturn value * 3\ncase 2:\nreturn value\n"))
        #expect(schema.text.contains("default:\nreturn value * 2\n"))
        #expect(schema.text.contains("case 3:\n\n        increment()\n"))
        #expect(!schema.text.contains("return increment()"))
    }

    /// A variant that declares something else, or the same thing otherwise (a stored property's
    /// value, a signature), is left out, to be compiled alone; comments do not count.
    @Test func variantsThatChangeDeclarationsAreLeftOut() throws {
        let variants = [
            Self.variant("private(set) var value = 0", "private(set) var value = 1"),
            Self.variant("init(start: Int)", "init(start: Int = 0)"),
            Self.variant("value += 1", "value += 2").replacingOccurrences(of: "/// Counts.", with: "/// Counts, badly."),
            Self.variant("    func label", "    func reset() { value = 0 }\n\n    func label"),
            Self.variant("value = start", "value = start + 1"),
        ]
        let schema = try #require(MutantSchema.make(original: Self.original, variants: variants, choice: "chosen"))
        #expect(schema.variants == [2, 4])
        #expect(!schema.text.contains("value = 1"))
        #expect(!schema.text.contains("reset"))
    }

    /// One variant alone compiles no faster in a schema, and one that changes nothing (a
    /// comment) has no place in one.
    @Test func fewerThanTwoJoiningVariantsMakeNoSchema() {
        #expect(MutantSchema.make(original: Self.original, variants: [Self.variant("value += 1", "value += 2")], choice: "c") == nil)
        let commentOnly = Self.original.replacingOccurrences(of: "/// Counts.", with: "/// Counts: a copy.")
        #expect(MutantSchema.make(
            original: Self.original, variants: [Self.variant("value += 1", "value += 2"), commentOnly], choice: "c") == nil)
    }

    /// A function nested in a body is part of that body: the outer body switches, whole.
    @Test func aBodyWithANestedFunctionSwitchesWhole() throws {
        let original = "func outer() -> Int {\n    func inner() -> Int { 1 }\n    return inner()\n}\n"
        let variants = [
            original.replacingOccurrences(of: "{ 1 }", with: "{ 2 }"),
            original.replacingOccurrences(of: "return inner()", with: "return inner() + 1"),
        ]
        let schema = try #require(MutantSchema.make(original: original, variants: variants, choice: "chosen"))
        #expect(schema.variants == [0, 1])
        #expect(schema.text.components(separatedBy: "switch chosen").count == 2)
        #expect(schema.text.contains("case 1:\n\n    func inner() -> Int { 2 }\n    return inner()\n"))
    }
}
