import SwiftParser
import SwiftSyntax
import WiringAnalysis

/// The ambient and global ways a lesson's modules offer to reach a dependency without having
/// it injected: `TimeProvider.current` (an Ambient Context), `ServiceLocator.shared` (a
/// Service Locator). The *hard-wire* and *resolve leak* operators use them.
package struct AmbientAccessors: Sendable, Equatable {
    /// By protocol: expressions of that type reachable from anywhere (`Clock` → `TimeProvider.current`).
    package var byProtocol: [String: [String]]
    /// Shared registries with a `resolve(_:)`: `ServiceLocator.shared`.
    package var locators: [String]
    /// By protocol: functions that run a closure with a value as the ambient one
    /// (`Clock` → `TimeProvider.using`, called as `TimeProvider.using(clock) { … }`).
    package var scopes: [String: [String]]

    package init(byProtocol: [String: [String]] = [:], locators: [String] = [], scopes: [String: [String]] = [:]) {
        self.byProtocol = byProtocol
        self.locators = locators
        self.scopes = scopes
    }

    package static let none = AmbientAccessors()

    /// Learns them from the sources of the modules a lesson's files import: every `static`
    /// property whose type is one of the vocabulary's protocols, and every `static` instance of
    /// a type that has a `resolve` method.
    package static func learned(from files: [SourceFile], vocabulary: WiringVocabulary) -> AmbientAccessors {
        var accessors = AmbientAccessors()
        for file in files {
            let finder = StaticPropertyFinder(viewMode: .sourceAccurate)
            finder.walk(Parser.parse(source: file.text))
            for scope in finder.scopes where vocabulary.abstractions.contains(scope.type) {
                accessors.scopes[scope.type, default: []].append("\(scope.owner).\(scope.name)")
            }
            for property in finder.found {
                if vocabulary.abstractions.contains(property.type) {
                    accessors.byProtocol[property.type, default: []].append("\(property.owner).\(property.name)")
                } else if property.type == property.owner, finder.typesWithResolve.contains(property.owner) {
                    accessors.locators.append("\(property.owner).\(property.name)")
                }
            }
        }
        accessors.locators.sort()
        for key in accessors.byProtocol.keys { accessors.byProtocol[key]?.sort() }
        for key in accessors.scopes.keys { accessors.scopes[key]?.sort() }
        return accessors
    }
}

/// The `static` properties of a module's types, and which types can `resolve`.
private final class StaticPropertyFinder: SyntaxVisitor {
    struct Property {
        let owner: String
        let name: String
        let type: String
    }

    var found: [Property] = []
    /// Static functions whose first parameter is a value and whose last is a closure.
    var scopes: [Property] = []
    var typesWithResolve: Set<String> = []

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        guard node.modifiers.contains(where: { $0.name.text == "static" }),
              !node.modifiers.contains(where: { ["private", "fileprivate"].contains($0.name.text) }),
              let owner = SyntaxScope.enclosingType(of: node).flatMap(SyntaxScope.name) else { return .skipChildren }
        for binding in node.bindings {
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
            let type = binding.typeAnnotation.map { SyntaxScope.bareTypeName($0.type) }
                ?? binding.initializer?.value.as(FunctionCallExprSyntax.self)?.calledExpression.trimmedDescription
            if let type { found.append(Property(owner: owner, name: name, type: type)) }
        }
        return .skipChildren
    }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        guard let owner = SyntaxScope.enclosingType(of: node).flatMap(SyntaxScope.name) else { return .skipChildren }
        if node.name.text == "resolve" { typesWithResolve.insert(owner) }
        let parameters = Array(node.signature.parameterClause.parameters)
        if node.modifiers.contains(where: { $0.name.text == "static" }), parameters.count == 2, parameters[0].firstName.text == "_",
           parameters[1].type.trimmedDescription.contains("->") {
            scopes.append(Property(owner: owner, name: node.name.text, type: SyntaxScope.bareTypeName(parameters[0].type)))
        }
        return .skipChildren
    }
}
