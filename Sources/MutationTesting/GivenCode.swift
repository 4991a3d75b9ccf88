import SwiftParser
import SwiftSyntax

/// The declarations of a solution that the exercise hands the learner ready-made (lesson.yaml's
/// `given:`): code the learner reads but does not write, which the checks do not judge. A change
/// to it is no wrong answer a learner could write, so the generator leaves it alone.
///
/// Found by name among the file's top-level declarations: a type (class, struct, enum, actor,
/// protocol, and the extensions of that name), a function, a `let` or `var`, a `typealias`.
package struct GivenCode: Sendable {
    /// The given names the file declares nothing of.
    package let missing: [String]
    /// The text of each given name's declarations, in the file's order, comments before them aside.
    package let texts: [String: String]
    /// Where they are, in UTF-8 offsets.
    private let ranges: [Range<Int>]

    package init(names: Set<String>, in source: String) {
        self.init(names: names, in: Parser.parse(source: source))
    }

    init(names: Set<String>, in tree: SourceFileSyntax) {
        var texts: [String: [String]] = [:]
        var ranges: [Range<Int>] = []
        for item in tree.statements {
            guard case .decl(let declaration) = item.item else { continue }
            for name in Self.names(declaredBy: declaration) where names.contains(name) {
                texts[name, default: []].append(declaration.trimmedDescription)
                ranges.append(declaration.positionAfterSkippingLeadingTrivia.utf8Offset..<declaration.endPositionBeforeTrailingTrivia.utf8Offset)
            }
        }
        self.texts = texts.mapValues { $0.joined(separator: "\n") }
        self.ranges = ranges
        missing = names.filter { texts[$0] == nil }.sorted()
    }

    /// Whether the edit changes given code.
    func touches(_ edit: SourceEdit) -> Bool {
        ranges.contains { range in
            edit.start == edit.end
                ? range.lowerBound < edit.start && edit.start < range.upperBound
                : edit.start < range.upperBound && range.lowerBound < edit.end
        }
    }

    private static func names(declaredBy declaration: DeclSyntax) -> [String] {
        if let decl = declaration.as(ClassDeclSyntax.self) { return [decl.name.text] }
        if let decl = declaration.as(StructDeclSyntax.self) { return [decl.name.text] }
        if let decl = declaration.as(EnumDeclSyntax.self) { return [decl.name.text] }
        if let decl = declaration.as(ActorDeclSyntax.self) { return [decl.name.text] }
        if let decl = declaration.as(ProtocolDeclSyntax.self) { return [decl.name.text] }
        if let decl = declaration.as(ExtensionDeclSyntax.self) { return [decl.extendedType.trimmedDescription] }
        if let decl = declaration.as(FunctionDeclSyntax.self) { return [decl.name.text] }
        if let decl = declaration.as(TypeAliasDeclSyntax.self) { return [decl.name.text] }
        if let decl = declaration.as(VariableDeclSyntax.self) {
            return decl.bindings.compactMap { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text }
        }
        return []
    }
}
