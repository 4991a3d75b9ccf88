import Foundation
import SwiftParser
import SwiftSyntax

/// The copy of a tests file (the lesson's checks, or a learner's tests) that the
/// `ExerciseChecks` module is compiled from.
///
/// The copy leaves out the imports of modules that `Exercise` re-exports, so those modules are
/// seen only through `Exercise`, and the code under test shadows what they declare: a learner's
/// own `UserRouter` wins over the lesson module's, as it would in one module. Swift treats a
/// module that is also imported directly as a rival instead, and calls every use ambiguous.
///
/// The lesson's checks also call XCTest by module: `XCTAssertEqual(…)` becomes
/// `XCTest::XCTAssertEqual(…)` (a module selector, which no declaration of the learner's can
/// take over, not even a type named `XCTest`), so that a learner's own `XCTAssertEqual` never
/// judges their code. `ShadowingAudit` covers the other names the checks use.
///
/// Nothing moves to another line: an import is blanked out with spaces, `XCTest::` takes the
/// place of the indentation before a call when there is room, and a `#sourceLocation` line
/// names the original file, so compiler messages, `#filePath` and `#line` all point at the
/// original.
enum TestsFileCopy {
    /// The module selector put before XCTest's names.
    static let xctestSelector = "XCTest::"

    /// The copy of `source`, parsed to find its imports (and, with `qualifyingXCTest`, the uses
    /// of XCTest's names to qualify).
    static func text(
        of source: String, originalPath: String, leavingOutImportsOf modules: [String], qualifyingXCTest: Bool = false
    ) -> String {
        let tree = Parser.parse(source: source)
        return text(
            of: source, imports: LearnerTestsReading.imports(in: tree), originalPath: originalPath, leavingOutImportsOf: modules,
            xctestNameOffsets: qualifyingXCTest ? xctestNameOffsets(in: tree) : [])
    }

    /// The copy of `source` whose top-level imports are `imports` (see `LearnerTestsReading`)
    /// and whose uses of XCTest's names start at `xctestNameOffsets` (none: a learner's tests,
    /// left as they wrote them).
    static func text(
        of source: String, imports: [LearnerTestsReading.Import], originalPath: String, leavingOutImportsOf modules: [String],
        xctestNameOffsets: [Int] = []
    ) -> String {
        var bytes = Array(source.utf8)
        for declaration in imports where modules.contains(declaration.module) {
            for index in declaration.utf8Range where bytes[index] != UInt8(ascii: "\n") {
                bytes[index] = UInt8(ascii: " ")
            }
        }
        let selector = Array(xctestSelector.utf8)
        // From the end, so that each offset still holds when it is reached.
        for offset in xctestNameOffsets.sorted(by: >) {
            let before = bytes[max(0, offset - selector.count)..<offset]
            if offset >= selector.count, before.allSatisfy({ $0 == UInt8(ascii: " ") }) {
                bytes.replaceSubrange((offset - selector.count)..<offset, with: selector)
            } else {
                bytes.insert(contentsOf: selector, at: offset)
            }
        }
        let escapedPath = originalPath.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        return "#sourceLocation(file: \"\(escapedPath)\", line: 1)\n" + String(decoding: bytes, as: UTF8.self)
    }

    /// Where each unqualified use of one of XCTest's names starts (`XCTAssertEqual`,
    /// `XCTFail`, `XCTUnwrap`, `XCTestCase`…: XCTest's public names all start with `XCT`),
    /// leaving out members (`x.XCTFoo`), names the file declares itself, and `XCTest`, the
    /// module's own name.
    static func xctestNameOffsets(in tree: SourceFileSyntax) -> [Int] {
        let declaredHere = Set(DeclaredNames(tree: tree).declarations.map(\.name))
        let finder = XCTestNameFinder(viewMode: .sourceAccurate)
        finder.walk(tree)
        return finder.found.filter { !declaredHere.contains($0.name) }.map(\.offset)
    }

    private final class XCTestNameFinder: SyntaxVisitor {
        var found: [(name: String, offset: Int)] = []

        private func note(_ token: TokenSyntax) {
            let name = token.text
            guard name.hasPrefix("XCT"), name != "XCTest" else { return }
            found.append((name, token.positionAfterSkippingLeadingTrivia.utf8Offset))
        }

        override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
            // `x.XCTFoo` names a member of `x`, not XCTest's.
            if let member = node.parent?.as(MemberAccessExprSyntax.self), member.declName.id == node.id {
                return .visitChildren
            }
            note(node.baseName)
            return .visitChildren
        }

        override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind {
            note(node.name)
            return .visitChildren
        }
    }
}
