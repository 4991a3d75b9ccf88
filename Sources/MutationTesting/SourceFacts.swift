import SwiftSyntax

/// What the finders need to know about a file before they change it: the declared type of
/// each name (stored properties, parameters, annotated locals), the errors it throws, and the
/// values it compares with elements' members.
final class SourceFacts: SyntaxVisitor {
    /// A stored property of a type.
    struct StoredProperty {
        let name: String
        let declaration: VariableDeclSyntax
        let type: TypeSyntax?
        let initializer: ExprSyntax?
        var bareType: String? { type.map(SyntaxScope.bareTypeName) }
    }

    /// A name declared in a function: a parameter or an annotated local.
    private struct LocalName {
        let name: String
        let type: String
        /// Where it can be used from (a local from its declaration on).
        let from: AbsolutePosition
    }

    /// Stored (instance) properties, by type name.
    private(set) var storedProperties: [String: [StoredProperty]] = [:]
    private var locals: [SyntaxIdentifier: [LocalName]] = [:]
    /// The expressions of every `throw`, in order, each once.
    private(set) var thrownErrors: [String] = []
    /// A name compared with a member somewhere (`$0.due <= now`): `now` → [`due`].
    private(set) var comparisonPeers: [String: [String]] = [:]

    init(_ file: SourceFileSyntax) {
        super.init(viewMode: .sourceAccurate)
        walk(file)
    }

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        let isStatic = node.modifiers.contains { ["static", "class"].contains($0.name.text) }
        for binding in node.bindings {
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
            // A property of a type is stored when it has no accessors (or only observers).
            if node.parent?.parent?.parent?.is(MemberBlockSyntax.self) == true, !isStatic, binding.accessorBlock == nil,
               let owner = SyntaxScope.enclosingType(of: node).flatMap(SyntaxScope.name) {
                storedProperties[owner, default: []].append(StoredProperty(
                    name: name, declaration: node, type: binding.typeAnnotation?.type, initializer: binding.initializer?.value))
            } else if let function = SyntaxScope.enclosingFunction(of: node), let type = binding.typeAnnotation?.type {
                locals[function.id, default: []].append(LocalName(name: name, type: SyntaxScope.bareTypeName(type), from: node.endPosition))
            }
        }
        return .visitChildren
    }

    override func visit(_ node: FunctionParameterSyntax) -> SyntaxVisitorContinueKind {
        guard let function = node.parent?.parent?.parent?.parent, function.is(FunctionDeclSyntax.self) || function.is(InitializerDeclSyntax.self) else {
            return .visitChildren
        }
        let name = (node.secondName ?? node.firstName).text
        if name != "_" {
            locals[function.id, default: []].append(LocalName(name: name, type: SyntaxScope.bareTypeName(node.type), from: function.position))
        }
        return .visitChildren
    }

    override func visit(_ node: ThrowStmtSyntax) -> SyntaxVisitorContinueKind {
        let text = node.expression.trimmedDescription
        if !thrownErrors.contains(text) { thrownErrors.append(text) }
        return .visitChildren
    }

    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
        let elements = Array(node.elements)
        guard elements.count == 3, let op = elements[1].as(BinaryOperatorExprSyntax.self),
              GeneralMutationFinder.comparisonSwaps[op.operator.text] != nil else { return .visitChildren }
        for (one, other) in [(elements[0], elements[2]), (elements[2], elements[0])] {
            if let member = one.as(MemberAccessExprSyntax.self), member.base != nil, let name = other.as(DeclReferenceExprSyntax.self)?.baseName.text,
               name.first?.isLowercase == true {
                let memberName = member.declName.baseName.text
                if !(comparisonPeers[name] ?? []).contains(memberName) { comparisonPeers[name, default: []].append(memberName) }
            }
        }
        return .visitChildren
    }

    // MARK: Questions

    /// The declared type of `name` where `node` uses it: a parameter or local of the function,
    /// else a stored property of the type.
    func type(ofName name: String, at node: some SyntaxProtocol) -> String? {
        if let function = SyntaxScope.enclosingFunction(of: node),
           let local = (locals[function.id] ?? []).last(where: { $0.name == name && $0.from <= node.position }) {
            return local.type
        }
        guard let owner = SyntaxScope.enclosingType(of: node).flatMap(SyntaxScope.name) else { return nil }
        return storedProperties[owner]?.first { $0.name == name }?.bareType
    }

    /// The type of a simple argument: a name, `self.name`, a string or number literal.
    func type(of expression: ExprSyntax) -> String? {
        if let reference = expression.as(DeclReferenceExprSyntax.self) { return type(ofName: reference.baseName.text, at: reference) }
        if let member = expression.as(MemberAccessExprSyntax.self), member.base?.trimmedDescription == "self" {
            return type(ofName: member.declName.baseName.text, at: member)
        }
        if expression.is(StringLiteralExprSyntax.self) { return "String" }
        if expression.is(IntegerLiteralExprSyntax.self) { return "Int" }
        return nil
    }

    /// The names of type `type` that code at `node` in `function` can use: the function's
    /// parameters and the locals declared before it, then the type's stored properties.
    func names(ofType type: String, visibleAt node: some SyntaxProtocol, in function: Syntax) -> [String] {
        let declared = (locals[function.id] ?? []).filter { $0.type == type && $0.from <= node.position }.map(\.name)
        let owner = SyntaxScope.enclosingType(of: node).flatMap(SyntaxScope.name)
        let stored = owner.map { storedProperties[$0] ?? [] }?.filter { $0.bareType == type }.map(\.name) ?? []
        var seen: Set<String> = []
        return (declared + stored).filter { seen.insert($0).inserted }
    }
}
