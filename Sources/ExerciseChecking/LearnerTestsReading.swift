import SwiftSyntax

/// What a test-writing check must know of the learner's tests file before its compiler can
/// start: the tests it holds (for the generated entry point) and where its top-level imports
/// are (for the copy that is compiled, see `TestsFileCopy`).
///
/// Two ways to get it. `init(_:)` reads the parsed file, and is the truth.
/// `QuickTestsScan` reads the text alone, in a fraction of a millisecond where the parse takes
/// 15–25 ms in a debug build (what `./start.sh` builds); the check starts its compiler with
/// the quick reading while the parse runs, and starts again with the parsed one whenever the
/// two differ (see `CompilingChecker.checkTests`), so the quick one decides nothing.
struct LearnerTestsReading: Equatable, Sendable {
    /// A top-level `import` without attributes, by its first module name (`Domain` for
    /// `import struct Domain.Post`) and the bytes from `import` to the end of its path.
    struct Import: Equatable, Sendable {
        let module: String
        let utf8Range: Range<Int>
    }

    /// The text this reading is of.
    let text: String
    let testCases: [DiscoveredTestCase]
    let imports: [Import]

    init(text: String, testCases: [DiscoveredTestCase], imports: [Import]) {
        self.text = text
        self.testCases = testCases
        self.imports = imports
    }

    /// The reading of `parsed`, from its syntax tree.
    init(_ parsed: ParsedSource) {
        self.init(
            text: parsed.text, testCases: TestCaseDiscovery.testCases(in: parsed.tree),
            imports: Self.imports(in: parsed.tree))
    }

    /// The top-level imports of `tree` that `TestsFileCopy` may leave out.
    static func imports(in tree: SourceFileSyntax) -> [Import] {
        tree.statements.compactMap { statement in
            guard let declaration = statement.item.as(ImportDeclSyntax.self),
                  declaration.attributes.isEmpty,
                  let module = declaration.path.first?.name.text else { return nil }
            let start = declaration.positionAfterSkippingLeadingTrivia.utf8Offset
            return Import(module: module, utf8Range: start..<declaration.endPositionBeforeTrailingTrivia.utf8Offset)
        }
    }
}
