import SwiftSyntax
import WiringAnalysis

/// Finds the Dependency Injection operators' changes: an injected dependency hard-wired,
/// read from an ambient context, resolved by the consumer, given a concrete default; a
/// creation moved between a call and the object's life; a reference made weaker or stronger.
final class InjectionMutationFinder: SyntaxVisitor {
    private(set) var candidates: [MutationCandidate] = []
    private let facts: SourceFacts
    private let vocabulary: WiringVocabulary
    private let ambients: AmbientAccessors
    /// The classes this file declares (a `weak` reference needs a class).
    private let classes: Set<String>

    /// At most this many concrete types per protocol: each mutant costs a compile.
    static let implementersPerProtocol = 3

    init(facts: SourceFacts, vocabulary: WiringVocabulary, ambients: AmbientAccessors, classes: Set<String>) {
        self.facts = facts
        self.vocabulary = vocabulary
        self.ambients = ambients
        self.classes = classes
        super.init(viewMode: .sourceAccurate)
    }

    /// The volatile types that implement `protocolName`, fewest first by name.
    func implementers(of protocolName: String) -> [String] {
        vocabulary.volatileTypes.filter { conformances(of: $0).contains(protocolName) }.sorted().prefix(Self.implementersPerProtocol).map { $0 }
    }

    private func conformances(of name: String) -> Set<String> {
        var seen: Set<String> = []
        var pending = Array(vocabulary.conformances[name] ?? [])
        while let next = pending.popLast() {
            guard seen.insert(next).inserted else { continue }
            pending += vocabulary.conformances[next] ?? []
        }
        return seen
    }

    // MARK: Types: hard-wire, ambient scope, resolve leak, lifetime (sink), reference strength

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        mutateType(DeclSyntax(node), name: node.name.text, isClass: true)
        return .visitChildren
    }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        mutateType(DeclSyntax(node), name: node.name.text, isClass: false)
        return .visitChildren
    }

    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
        mutateType(DeclSyntax(node), name: node.name.text, isClass: true)
        return .visitChildren
    }

    private func mutateType(_ type: DeclSyntax, name: String, isClass: Bool) {
        guard let members = SyntaxScope.members(of: type) else { return }
        for property in facts.storedProperties[name] ?? [] {
            let uses = PropertyUses.find(property.name, in: members)
            if let protocolName = property.bareType, vocabulary.abstractions.contains(protocolName), !uses.isEmpty {
                injected(property, protocolName: protocolName, uses: uses)
            }
            if let creation = creation(of: property, in: members), !uses.isEmpty, !isConstantValue(property, creation) {
                candidates.append(MutationCandidate(
                    .lifetimeShift, at: uses[0].positionAfterSkippingLeadingTrivia,
                    edits: uses.map { .replacing($0, with: creation.trimmedDescription) },
                    description: "makes a new \(Snippet.of(creation)) at every use of `\(property.name)` where the solution keeps one for the object's life",
                    change: "`\(property.name)` → \(Snippet.of(creation)) at every use"))
            }
            referenceStrength(of: property)
        }
    }

    /// The injected dependency `property` used elsewhere than through it.
    private func injected(_ property: SourceFacts.StoredProperty, protocolName: String, uses: [ExprSyntax]) {
        let at = uses[0].positionAfterSkippingLeadingTrivia
        func replacingUses(_ op: MutationOperator, with text: String, description: String) {
            candidates.append(MutationCandidate(
                op, at: at, edits: uses.map { .replacing($0, with: text) }, description: description,
                change: "`\(property.name)` → \(Snippet.of(text))"))
        }
        for concrete in implementers(of: protocolName) {
            replacingUses(.hardWire, with: "\(concrete)()", description: "creates `\(concrete)()` itself where it should use the injected `\(property.name)`")
        }
        for ambient in ambients.byProtocol[protocolName] ?? [] {
            replacingUses(.hardWire, with: ambient, description: "reads the ambient `\(ambient)` where it should use the injected `\(property.name)`")
        }
        for locator in ambients.locators {
            replacingUses(.resolveLeak, with: "(try \(locator).resolve((any \(protocolName)).self))",
                          description: "resolves `\(protocolName)` from `\(locator)` itself where it should use the injected `\(property.name)`: the consumer reaches into the locator instead of the composition root")
        }
        // Each method that uses it, run inside the ambient context's scope of the injected
        // value and reading the ambient value instead.
        guard let ambient = ambients.byProtocol[protocolName]?.first else { return }
        for scope in ambients.scopes[protocolName] ?? [] {
            var byFunction: [SyntaxIdentifier: (FunctionDeclSyntax, [ExprSyntax])] = [:]
            for use in uses {
                guard let function = SyntaxScope.enclosingFunction(of: use)?.as(FunctionDeclSyntax.self), function.body != nil else { continue }
                byFunction[function.id, default: (function, [])].1.append(use)
            }
            for (function, inside) in byFunction.values.sorted(by: { $0.0.position < $1.0.position }) {
                guard let body = function.body, !body.statements.isEmpty else { continue }
                let statements = body.statements
                let start = statements.positionAfterSkippingLeadingTrivia.utf8Offset
                let text = SourceEdit.apply(
                    inside.map { SourceEdit(start: $0.positionAfterSkippingLeadingTrivia.utf8Offset - start, end: $0.endPositionBeforeTrailingTrivia.utf8Offset - start, replacement: ambient) },
                    to: statements.trimmedDescription)
                candidates.append(MutationCandidate(
                    .ambientScope, at: statements.positionAfterSkippingLeadingTrivia,
                    edits: [.replacing(statements, with: "return try \(scope)(\(property.name)) {\n\(text)\n}")],
                    description: "runs `\(function.name.text)` inside `\(scope)(\(property.name))` and reads `\(ambient)` there instead of the injected `\(property.name)`",
                    change: "`\(function.name.text)` in `\(scope)`, `\(property.name)` → `\(ambient)`"))
            }
        }
    }

    /// The creation a stored property holds (`= Cache()`, or `self.cache = Cache()` in an
    /// initializer), when it makes an instance of a type.
    private func creation(of property: SourceFacts.StoredProperty, in members: MemberBlockSyntax) -> FunctionCallExprSyntax? {
        if let call = property.initializer?.as(FunctionCallExprSyntax.self), Self.createsInstance(call) { return call }
        for member in members.members {
            guard let initializer = member.decl.as(InitializerDeclSyntax.self), let body = initializer.body else { continue }
            for item in body.statements {
                guard case .expr(let expression) = item.item, let sequence = expression.as(SequenceExprSyntax.self) else { continue }
                let parts = Array(sequence.elements)
                guard parts.count == 3, parts[1].is(AssignmentExprSyntax.self),
                      [property.name, "self.\(property.name)"].contains(parts[0].trimmedDescription),
                      let call = parts[2].as(FunctionCallExprSyntax.self), Self.createsInstance(call) else { continue }
                return call
            }
        }
        return nil
    }

    /// A `let` holding a value (a struct or enum): made once or at every use, it is the same value.
    private func isConstantValue(_ property: SourceFacts.StoredProperty, _ creation: FunctionCallExprSyntax) -> Bool {
        guard property.declaration.bindingSpecifier.text == "let",
              let type = creation.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text else { return false }
        return [.struct, .enum].contains(vocabulary.kinds[type])
    }

    /// `Type(…)`: a call of a capitalised name.
    static func createsInstance(_ call: FunctionCallExprSyntax) -> Bool {
        call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text.first?.isUppercase == true
    }

    private func referenceStrength(of property: SourceFacts.StoredProperty) {
        let declaration = property.declaration
        if let weak = declaration.modifiers.first(where: { $0.name.text == "weak" }) {
            candidates.append(MutationCandidate(
                .referenceStrength, at: weak.positionAfterSkippingLeadingTrivia,
                edits: [SourceEdit(start: weak.positionAfterSkippingLeadingTrivia.utf8Offset, end: weak.endPosition.utf8Offset, replacement: "")],
                description: "holds `\(property.name)` strongly (no `weak`): the two objects keep each other alive",
                change: "`weak var \(property.name)` → `var \(property.name)`"))
            candidates.append(MutationCandidate(
                .referenceStrength, replacing: weak, with: "unowned",
                description: "holds `\(property.name)` `unowned` instead of `weak`: a crash, not `nil`, once it is gone",
                change: "`weak var \(property.name)` → `unowned var \(property.name)`"))
        } else if let unowned = declaration.modifiers.first(where: { $0.name.text == "unowned" }) {
            candidates.append(MutationCandidate(
                .referenceStrength, replacing: unowned, with: "weak",
                description: "holds `\(property.name)` `weak` instead of `unowned`", change: "`unowned` → `weak`"))
        } else if declaration.bindingSpecifier.text == "var", let type = property.type, SyntaxScope.isOptional(type),
                  let bare = property.bareType, vocabulary.abstractions.contains(bare) || classes.contains(bare) {
            candidates.append(MutationCandidate(
                .referenceStrength, at: declaration.bindingSpecifier.positionAfterSkippingLeadingTrivia,
                edits: [.inserting("weak ", at: declaration.bindingSpecifier.positionAfterSkippingLeadingTrivia)],
                description: "holds `\(property.name)` weakly: nobody else keeps it, so it is gone at once",
                change: "`var \(property.name)` → `weak var \(property.name)`"))
        }
    }

    // MARK: default-injection

    override func visit(_ node: FunctionParameterSyntax) -> SyntaxVisitorContinueKind {
        guard node.defaultValue == nil, !node.type.trimmedDescription.contains("inout"),
              let function = node.parent?.parent?.parent?.parent,
              function.is(InitializerDeclSyntax.self) || function.is(FunctionDeclSyntax.self),
              // A static function's parameter is no consumer's dependency (`TimeProvider.using(_:_:)`).
              function.as(FunctionDeclSyntax.self)?.modifiers.contains(where: { ["static", "class"].contains($0.name.text) }) != true
        else { return .visitChildren }
        let protocolName = SyntaxScope.bareTypeName(node.type)
        guard vocabulary.abstractions.contains(protocolName), !SyntaxScope.isOptional(node.type) else { return .visitChildren }
        let name = (node.secondName ?? node.firstName).text
        for value in implementers(of: protocolName).map({ "\($0)()" }) + (ambients.byProtocol[protocolName] ?? []) {
            candidates.append(MutationCandidate(
                .defaultInjection, at: node.positionAfterSkippingLeadingTrivia,
                edits: [.inserting(" = \(value)", at: node.type.endPositionBeforeTrailingTrivia)],
                description: "gives the injected `\(name)` a default, `= \(value)`: the type still chooses its own dependency, and a caller that forgets to pass one is not told",
                change: "`\(name): \(node.type.trimmedDescription)` → `= \(value)`"))
        }
        return .visitChildren
    }

    // MARK: lifetime-shift: a per-call creation hoisted; a container's scope changed

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        guard let function = SyntaxScope.enclosingFunction(of: node)?.as(FunctionDeclSyntax.self),
              !function.modifiers.contains(where: { ["static", "class"].contains($0.name.text) }),
              let type = SyntaxScope.enclosingType(of: node), type.is(ClassDeclSyntax.self) || type.is(ActorDeclSyntax.self),
              let members = SyntaxScope.members(of: type), node.bindings.count == 1, let binding = node.bindings.first,
              let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
              let call = binding.initializer?.value.as(FunctionCallExprSyntax.self), Self.createsInstance(call),
              let typeName = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
              vocabulary.volatileTypes.contains(typeName) || classes.contains(typeName) else { return .visitChildren }
        let kept = "kept" + name.prefix(1).uppercased() + name.dropFirst()
        candidates.append(MutationCandidate(
            .lifetimeShift, at: call.positionAfterSkippingLeadingTrivia,
            edits: [.inserting("\n    private lazy var \(kept) = \(call.trimmedDescription)", at: members.leftBrace.endPositionBeforeTrailingTrivia),
                    .replacing(call, with: "self.\(kept)")],
            description: "keeps one \(Snippet.of(call)) for the object's whole life (a stored property) where the solution makes a new one at every call of `\(function.name.text)`",
            change: "\(Snippet.of(call)) → a stored `lazy var`"))
        return .visitChildren
    }

    /// Swinject's scopes, and the lifetimes of a hand-written container.
    static let objectScopes = ["transient", "graph", "container", "weak"]
    static let lifetimes = ["transient", "singleton", "graph", "scoped"]

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        let calledName = node.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
            ?? node.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
        for argument in node.arguments {
            guard let scope = argument.expression.as(MemberAccessExprSyntax.self), scope.base == nil else { continue }
            let written = scope.declName.baseName.text
            if registersValue(node) { continue }
            let alternatives: [String]
            if calledName == "inObjectScope" {
                alternatives = Self.objectScopes
            } else if ["lifetime", "scope"].contains(argument.label?.text) {
                alternatives = Self.lifetimes
            } else {
                continue
            }
            let what = node.calledExpression.as(MemberAccessExprSyntax.self)?.base.map { Snippet.of($0) } ?? Snippet.of(node)
            for other in alternatives where other != written {
                candidates.append(MutationCandidate(
                    .lifetimeShift, replacing: scope.declName, with: other,
                    description: "gives \(what) the `.\(other)` lifetime where the solution has `.\(written)`",
                    change: "`.\(written)` → `.\(other)`"))
            }
        }
        return .visitChildren
    }
}

extension InjectionMutationFinder {
    /// Whether the registration a scope is given makes a value (`{ _ in TerminalScreen() }`,
    /// a struct): every resolve hands out a copy, so its scope cannot matter.
    func registersValue(_ scoped: FunctionCallExprSyntax) -> Bool {
        let registration = scoped.calledExpression.as(MemberAccessExprSyntax.self)?.base?.as(FunctionCallExprSyntax.self) ?? scoped
        let factory = registration.trailingClosure ?? registration.arguments.last?.expression.as(ClosureExprSyntax.self)
        guard let statements = factory?.statements, statements.count == 1, case .expr(let made) = statements.first?.item,
              let call = made.as(FunctionCallExprSyntax.self), let type = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
        else { return false }
        return [.struct, .enum].contains(vocabulary.kinds[type])
    }
}

/// Where a type's members use one of its stored properties (outside its initializers): `name`
/// alone, or `self.name`, unless a parameter or local of the same name hides it.
enum PropertyUses {
    static func find(_ name: String, in members: MemberBlockSyntax) -> [ExprSyntax] {
        let finder = Finder(name: name)
        for member in members.members where !member.decl.is(InitializerDeclSyntax.self) {
            finder.walk(member.decl)
        }
        return finder.uses
    }

    private final class Finder: SyntaxVisitor {
        let name: String
        var uses: [ExprSyntax] = []

        init(name: String) {
            self.name = name
            super.init(viewMode: .sourceAccurate)
        }

        // Nested types have their own properties.
        override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
        override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
        override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
        override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
            // The declaration of a stored property is not a use of it.
            node.parent?.parent?.parent?.is(MemberBlockSyntax.self) == true && node.bindings.first?.accessorBlock == nil ? .skipChildren : .visitChildren
        }
        override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
            let hides = node.signature.parameterClause.parameters.contains { ($0.secondName ?? $0.firstName).text == name }
            return hides ? .skipChildren : .visitChildren
        }

        override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
            if node.base?.trimmedDescription == "self", node.declName.baseName.text == name {
                uses.append(ExprSyntax(node))
                return .skipChildren
            }
            return .visitChildren
        }

        override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
            guard node.baseName.text == name, let parent = node.parent else { return .visitChildren }
            if let member = parent.as(MemberAccessExprSyntax.self), member.declName.id == node.id { return .visitChildren }
            if let list = parent.as(ExprListSyntax.self), list.first?.id == node.id, list.dropFirst().first?.is(AssignmentExprSyntax.self) == true {
                return .visitChildren
            }
            uses.append(ExprSyntax(node))
            return .visitChildren
        }
    }
}
