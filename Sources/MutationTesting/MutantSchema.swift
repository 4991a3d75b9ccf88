import SwiftParser
import SwiftSyntax

/// Several broken versions of one Swift file made into one file that holds them all, each
/// chosen when the program runs: a *mutant schema* (Untch, Offutt and Harrold, "Mutation
/// Analysis Using Mutant Schemata", 1993).
///
/// Why: a test-writing exercise plants about ten bugs in its subject, and each was compiled and
/// linked on its own: ten compiler processes, each loading the standard library, Foundation and
/// the lesson modules again for a file of thirty lines, most of a first check. The schema is
/// compiled once.
///
/// Each body that some variant changes (of a function, initializer, deinitializer or accessor)
/// becomes a `switch` on the chosen variant, with the variant's statements in its `case` and
/// the correct ones under `default`. A variant joins only when it differs from the correct file
/// in such bodies alone, its declarations and their signatures unchanged (comments aside);
/// any other variant is left out, to be compiled on its own.
///
/// Where the choice comes from is the caller's: the schema reads it from a variable it names,
/// which the caller declares (in the same file, to keep it private to it).
package struct MutantSchema: Sendable, Equatable, Codable {
    /// The file, with every changed body switching on the chosen variant.
    package let text: String
    /// The variants it holds, by their index in the list it was made from; variant `i` is
    /// chosen by the number `i + 1` (0 runs the correct code).
    package let variants: [Int]

    /// The schema of `variants` of `original`, switching on the `Int` variable `choice`; nil
    /// when fewer than two of them can join (one alone compiles no faster in a schema).
    package static func make(original: String, variants: [String], choice: String) -> MutantSchema? {
        let originalFile = BodiesOfFile(Parser.parse(source: original))
        var changes: [[(variant: Int, statements: String)]] = Array(repeating: [], count: originalFile.bodies.count)
        var joined: [Int] = []
        for (index, variantText) in variants.enumerated() {
            let variant = BodiesOfFile(Parser.parse(source: variantText))
            guard variant.skeleton == originalFile.skeleton, variant.bodies.count == originalFile.bodies.count else { continue }
            var changed = false
            for (position, body) in variant.bodies.enumerated() where body.tokens != originalFile.bodies[position].tokens {
                changes[position].append((index + 1, body.caseStatements))
                changed = true
            }
            if changed { joined.append(index) }
        }
        guard joined.count >= 2 else { return nil }
        var edits: [SourceEdit] = []
        for (position, bodyChanges) in changes.enumerated() where !bodyChanges.isEmpty {
            let body = originalFile.bodies[position]
            var cases = "\nswitch \(choice) {\n"
            for change in bodyChanges {
                cases += "case \(change.variant):\n\(change.statements)\n"
            }
            cases += "default:\n\(body.caseStatements)\n}\n"
            edits.append(SourceEdit(start: body.start, end: body.end, replacement: cases))
        }
        return MutantSchema(text: SourceEdit.apply(edits, to: original), variants: joined)
    }
}

/// The bodies of a file's functions, initializers, deinitializers and accessors (not those
/// nested in another body: they are part of it), and the tokens outside them.
private struct BodiesOfFile {
    struct Body {
        /// The UTF-8 range of its statements, between the braces.
        let start: Int
        let end: Int
        let tokens: [String]
        /// Its statements as a `case` of the schema's `switch` holds them: a lone expression
        /// that was the body's value (`{ "\(text)!" }` in a function that returns a String)
        /// is returned explicitly, as a `case` does not return its last expression, and an
        /// empty body is a `break`.
        let caseStatements: String
    }

    private(set) var bodies: [Body] = []
    /// The texts of the tokens outside the bodies: two files with the same skeleton declare the
    /// same things with the same signatures.
    private(set) var skeleton: [String] = []

    init(_ file: SourceFileSyntax) {
        let finder = BodyFinder(viewMode: .sourceAccurate)
        finder.walk(file)
        var ranges = finder.found.makeIterator()
        var current = ranges.next()
        for token in file.tokens(viewMode: .sourceAccurate) {
            while let body = current, token.positionAfterSkippingLeadingTrivia.utf8Offset >= body.statements.endPosition.utf8Offset {
                current = ranges.next()
            }
            if let body = current, token.positionAfterSkippingLeadingTrivia.utf8Offset >= body.statements.position.utf8Offset {
                continue
            }
            skeleton.append(token.text)
        }
        bodies = finder.found.map { found in
            let statements = found.statements
            let tokens = statements.tokens(viewMode: .sourceAccurate).map(\.text)
            var text = statements.description
            if tokens.isEmpty {
                // A `case` must hold a statement.
                text += "break"
            } else if found.returnsValue, statements.count == 1, let only = statements.first, Self.isExpression(only) {
                text = statements.leadingTrivia.description + "return " + statements.trimmedDescription
            }
            return Body(start: statements.position.utf8Offset, end: statements.endPosition.utf8Offset, tokens: tokens, caseStatements: text)
        }
    }

    private static func isExpression(_ item: CodeBlockItemSyntax) -> Bool {
        switch item.item {
        case .expr: true
        case .stmt(let statement): statement.is(ExpressionStmtSyntax.self)
        case .decl: false
        }
    }
}

/// Finds the outermost bodies, in the order of the file.
private final class BodyFinder: SyntaxVisitor {
    struct Found {
        let statements: CodeBlockItemListSyntax
        /// The body's lone expression, if it has one, is its value.
        let returnsValue: Bool
    }

    private(set) var found: [Found] = []

    override func visit(_ node: CodeBlockSyntax) -> SyntaxVisitorContinueKind {
        guard let parent = node.parent else { return .visitChildren }
        if let function = parent.as(FunctionDeclSyntax.self) {
            found.append(Found(statements: node.statements, returnsValue: Self.returnsValue(function.signature.returnClause)))
        } else if let accessor = parent.as(AccessorDeclSyntax.self) {
            found.append(Found(statements: node.statements, returnsValue: accessor.accessorSpecifier.tokenKind == .keyword(.get)))
        } else if parent.is(InitializerDeclSyntax.self) || parent.is(DeinitializerDeclSyntax.self) {
            found.append(Found(statements: node.statements, returnsValue: false))
        } else {
            return .visitChildren
        }
        return .skipChildren
    }

    override func visit(_ node: AccessorBlockSyntax) -> SyntaxVisitorContinueKind {
        // `var x: Int { … }`: a getter without the word `get`.
        guard case .getter(let statements) = node.accessors else { return .visitChildren }
        found.append(Found(statements: statements, returnsValue: true))
        return .skipChildren
    }

    /// Whether a function with this return clause returns a value its lone expression gives.
    private static func returnsValue(_ clause: ReturnClauseSyntax?) -> Bool {
        guard let type = clause?.type.trimmedDescription else { return false }
        return !["Void", "()", "Never", "Swift.Void", "Swift.Never"].contains(type)
    }
}
