import SwiftParser
import SwiftSyntax

/// Walks one parsed file once and writes down the facts the wiring is made of.
///
/// It keeps a stack of scopes (type, function, property, parameter default, closure) so that each
/// creation, resolution and registration knows who does it and where: in an initializer, a default
/// argument, a stored property's initial value, a lazy var, a method body or a registration closure.
final class SourceScanner: SyntaxVisitor {
    /// Scans `file`, parsing it unless `tree` is its text already parsed.
    static func scan(_ file: SourceFile, tree parsed: SourceFileSyntax? = nil) -> SourceFacts {
        let tree = parsed ?? Parser.parse(source: file.text)
        let scanner = SourceScanner(file: file.path, tree: tree)
        scanner.walk(tree)
        scanner.facts.files = [file.path]
        return scanner.facts
    }

    private let file: String
    private let converter: SourceLocationConverter
    private(set) var facts = SourceFacts()

    private enum Scope {
        case type(name: String, isExtension: Bool, isProtocol: Bool)
        case function(name: String, kind: FunctionFact.Kind)
        case property(name: String, site: WiringSite)
        case parameterDefault(name: String)
        case closure(registeredService: String?)
    }

    private var scopes: [Scope] = []
    /// One entry per pattern binding visited: whether it pushed a property scope.
    private var bindingPushes: [Bool] = []
    /// One entry per parameter visited: whether it pushed a default-argument scope.
    private var parameterPushes: [Bool] = []
    /// The factory closures of registrations, by node, with the service they build.
    private var registrationClosures: [SyntaxIdentifier: String] = [:]

    private init(file: String, tree: SourceFileSyntax) {
        self.file = file
        self.converter = SourceLocationConverter(fileName: file, tree: tree)
        super.init(viewMode: .sourceAccurate)
    }

    // MARK: Where we are

    private func position(of node: some SyntaxProtocol) -> SourcePosition {
        SourcePosition(file: file, line: converter.location(for: node.positionAfterSkippingLeadingTrivia).line)
    }

    private var currentType: (name: String, isExtension: Bool, isProtocol: Bool)? {
        for scope in scopes.reversed() {
            if case .type(let name, let isExtension, let isProtocol) = scope { return (name, isExtension, isProtocol) }
        }
        return nil
    }

    /// The innermost function, or the member property, that code is written in.
    private var currentMember: String? {
        for scope in scopes.reversed() {
            switch scope {
            case .function(let name, _): return name
            case .property(let name, _): return name
            case .type: return nil
            case .parameterDefault, .closure: continue
            }
        }
        return nil
    }

    /// The site of code at this point, the member it concerns, and the registration it is in.
    private var currentSite: (site: WiringSite, member: String?, registeredService: String?) {
        var registeredService: String?
        for scope in scopes.reversed() {
            switch scope {
            case .closure(let service):
                if registeredService == nil { registeredService = service }
            case .parameterDefault(let name):
                return (.defaultArgument, name, registeredService)
            case .property(let name, let site):
                return (registeredService == nil ? site : .containerRegistration, name, registeredService)
            case .function(_, let kind):
                if registeredService != nil { return (.containerRegistration, nil, registeredService) }
                switch kind {
                case .initializer: return (.initializerBody, nil, nil)
                case .method, .staticMethod: return (.methodBody, nil, nil)
                case .freeFunction: return (.functionBody, nil, nil)
                }
            case .type:
                return (.propertyInitialiser, nil, registeredService)
            }
        }
        return (registeredService == nil ? .topLevelCode : .containerRegistration, nil, registeredService)
    }

    private var isDirectlyInTypeBody: Bool {
        if case .type = scopes.last { return true }
        return false
    }

    // MARK: Files

    override func visit(_ node: SourceFileSyntax) -> SyntaxVisitorContinueKind {
        let isMain = file.split(separator: "/").last == "main.swift"
        for statement in node.statements {
            let isDeclaration = statement.item.is(DeclSyntax.self)
            let isTopLevelVariable = statement.item.is(VariableDeclSyntax.self)
            if !isDeclaration || (isMain && isTopLevelVariable) {
                facts.topLevelCode[file] = facts.topLevelCode[file] ?? position(of: statement).line
            }
        }
        return .visitChildren
    }

    // MARK: Types

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        enterType(node.name.text, .class, node.inheritanceClause, node.attributes, node)
    }

    override func visitPost(_ node: ClassDeclSyntax) { scopes.removeLast() }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        enterType(node.name.text, .struct, node.inheritanceClause, node.attributes, node)
    }

    override func visitPost(_ node: StructDeclSyntax) { scopes.removeLast() }

    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        enterType(node.name.text, .enum, node.inheritanceClause, node.attributes, node)
    }

    override func visitPost(_ node: EnumDeclSyntax) { scopes.removeLast() }

    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
        enterType(node.name.text, .actor, node.inheritanceClause, node.attributes, node)
    }

    override func visitPost(_ node: ActorDeclSyntax) { scopes.removeLast() }

    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
        enterType(node.name.text, .protocol, node.inheritanceClause, node.attributes, node)
    }

    override func visitPost(_ node: ProtocolDeclSyntax) { scopes.removeLast() }

    private func enterType(
        _ name: String, _ kind: TypeFact.Kind, _ inheritance: InheritanceClauseSyntax?,
        _ attributes: AttributeListSyntax, _ node: some SyntaxProtocol
    ) -> SyntaxVisitorContinueKind {
        facts.types.append(TypeFact(
            name: name, kind: kind, position: position(of: node),
            inherited: Self.names(in: inheritance), attributes: Self.attributeNames(attributes),
            enclosingType: currentType?.name
        ))
        scopes.append(.type(name: name, isExtension: false, isProtocol: kind == .protocol))
        return .visitChildren
    }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        let extended = TypeNameReading.typeName(inTypeText: node.extendedType.trimmedDescription) ?? node.extendedType.trimmedDescription
        var members: [ProvidedMember] = []
        for member in node.memberBlock.members {
            if let variable = member.decl.as(VariableDeclSyntax.self) {
                for binding in variable.bindings {
                    guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
                    members.append(ProvidedMember(name: name, kind: .property, position: position(of: binding)))
                    if extended == "DependencyValues", let type = binding.typeAnnotation?.type,
                       let typeName = TypeReference(type).names.first {
                        facts.dependencyValueTypes[name] = typeName
                    }
                }
            } else if let function = member.decl.as(FunctionDeclSyntax.self) {
                members.append(ProvidedMember(name: function.name.text, kind: .function, position: position(of: function)))
            }
        }
        facts.extensions.append(ExtensionFact(
            extendedType: extended, inherited: Self.names(in: node.inheritanceClause),
            position: position(of: node), members: members
        ))
        scopes.append(.type(name: extended, isExtension: true, isProtocol: false))
        return .visitChildren
    }

    override func visitPost(_ node: ExtensionDeclSyntax) { scopes.removeLast() }

    // MARK: Functions

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        let isStatic = node.modifiers.contains { ["static", "class"].contains($0.name.text) }
        let owner = currentType
        let kind: FunctionFact.Kind = owner == nil ? .freeFunction : (isStatic ? .staticMethod : .method)
        enterFunction(
            baseName: node.name.text, kind: kind, parameters: node.signature.parameterClause.parameters,
            attributes: node.attributes, node: node
        )
        return .visitChildren
    }

    override func visitPost(_ node: FunctionDeclSyntax) { scopes.removeLast() }

    override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
        enterFunction(
            baseName: "init", kind: .initializer, parameters: node.signature.parameterClause.parameters,
            attributes: node.attributes, node: node
        )
        return .visitChildren
    }

    override func visitPost(_ node: InitializerDeclSyntax) { scopes.removeLast() }

    override func visit(_ node: DeinitializerDeclSyntax) -> SyntaxVisitorContinueKind {
        scopes.append(.function(name: "deinit", kind: .method))
        return .visitChildren
    }

    override func visitPost(_ node: DeinitializerDeclSyntax) { scopes.removeLast() }

    override func visit(_ node: SubscriptDeclSyntax) -> SyntaxVisitorContinueKind {
        scopes.append(.function(name: "subscript", kind: .method))
        return .visitChildren
    }

    override func visitPost(_ node: SubscriptDeclSyntax) { scopes.removeLast() }

    private func enterFunction(
        baseName: String, kind: FunctionFact.Kind, parameters: FunctionParameterListSyntax,
        attributes: AttributeListSyntax, node: some SyntaxProtocol
    ) {
        let labels = parameters.map { "\($0.firstName.text):" }.joined()
        let name = "\(baseName)(\(labels))"
        let owner = currentType
        facts.functions.append(FunctionFact(
            name: name, baseName: baseName, kind: kind, ownerType: owner?.name, position: position(of: node),
            attributes: Self.attributeNames(attributes), isInExtension: owner?.isExtension ?? false
        ))
        for parameter in parameters {
            let internalName = (parameter.secondName ?? parameter.firstName).text
            let type = TypeReference(parameter.type)
            facts.parameters.append(ParameterFact(
                name: internalName, function: name, functionKind: kind, ownerType: owner?.name,
                position: position(of: parameter), type: type,
                defaultText: parameter.defaultValue?.value.trimmedDescription,
                defaultType: parameter.defaultValue.flatMap { Self.concreteType(ofDefault: $0.value, for: type) }
            ))
        }
        scopes.append(.function(name: name, kind: kind))
    }

    override func visit(_ node: FunctionParameterSyntax) -> SyntaxVisitorContinueKind {
        let pushes = node.defaultValue != nil
        if pushes {
            scopes.append(.parameterDefault(name: (node.secondName ?? node.firstName).text))
        }
        parameterPushes.append(pushes)
        return .visitChildren
    }

    override func visitPost(_ node: FunctionParameterSyntax) {
        if parameterPushes.removeLast() { scopes.removeLast() }
    }

    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
        scopes.append(.closure(registeredService: registrationClosures[node.id]))
        return .visitChildren
    }

    override func visitPost(_ node: ClosureExprSyntax) { scopes.removeLast() }

    // MARK: Properties

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        let modifiers = node.modifiers.map(\.name.text)
        let owner = currentType
        let inTypeBody = isDirectlyInTypeBody
        let localFunction = inTypeBody ? nil : currentMember
        let isProtocolRequirement = inTypeBody && owner?.isProtocol == true
        let dependencyKey = Self.dependencyKey(in: node.attributes)
        // Local variables matter only when they are `@Dependency` variables.
        guard inTypeBody || dependencyKey != nil || scopes.isEmpty else { return .visitChildren }
        let isHidden = node.modifiers.contains { modifier in
            let name = modifier.name.text
            guard name == "private" || name == "fileprivate" else { return false }
            return modifier.detail == nil || modifier.detail?.detail.text == "set"
        }
        for binding in node.bindings {
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
            var type = binding.typeAnnotation.map { TypeReference($0.type) }
            if type == nil, let value = binding.initializer?.value, let created = Self.createdTypeName(in: Self.unwrapped(value)) {
                type = TypeReference(name: created)
            }
            facts.properties.append(PropertyFact(
                name: name, ownerType: owner?.name, localToFunction: localFunction, position: position(of: binding),
                type: type, isLet: node.bindingSpecifier.text == "let", isStatic: modifiers.contains("static") || modifiers.contains("class"),
                isLazy: modifiers.contains("lazy"), isComputed: Self.isComputed(binding),
                isWeak: modifiers.contains("weak"), isUnowned: modifiers.contains("unowned"),
                isSetterHidden: isHidden, isProtocolRequirement: isProtocolRequirement,
                isInExtension: owner?.isExtension ?? false, dependencyKey: dependencyKey,
                hasInitialValue: binding.initializer != nil
            ))
        }
        return .visitChildren
    }

    override func visit(_ node: PatternBindingSyntax) -> SyntaxVisitorContinueKind {
        let isMember = isDirectlyInTypeBody
        var pushed = false
        if isMember, let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
           let declaration = node.parent?.parent?.as(VariableDeclSyntax.self) {
            let modifiers = declaration.modifiers.map(\.name.text)
            let site: WiringSite
            if modifiers.contains("static") || modifiers.contains("class") {
                site = .staticProperty
            } else if modifiers.contains("lazy") {
                site = .lazyProperty
            } else if Self.isComputed(node) {
                site = .computedProperty
            } else {
                site = .propertyInitialiser
            }
            scopes.append(.property(name: name, site: site))
            pushed = true
        }
        bindingPushes.append(pushed)
        return .visitChildren
    }

    override func visitPost(_ node: PatternBindingSyntax) {
        if bindingPushes.removeLast() { scopes.removeLast() }
    }

    // MARK: Calls

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        let owner = currentType
        let member = currentMember
        let place = currentSite
        let calledMember = node.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text

        if calledMember == "register", let first = node.arguments.first,
           let service = TypeNameReading.metatypeArgument(first.expression) {
            let closure = node.trailingClosure
                ?? node.arguments.first(where: { $0.label?.text == "factory" })?.expression.as(ClosureExprSyntax.self)
                ?? node.arguments.last?.expression.as(ClosureExprSyntax.self)
            if let closure {
                registrationClosures[closure.id] = service
                facts.registrations.append(RegistrationFact(
                    service: service, position: position(of: node), ownerType: owner?.name,
                    ownerFunction: member, scope: Self.scope(of: node)
                ))
            }
        }

        if calledMember == "resolve" {
            let typeName = node.arguments.first.flatMap { TypeNameReading.metatypeArgument($0.expression) }
            facts.resolutions.append(ResolutionFact(
                typeName: typeName, position: position(of: node), ownerType: owner?.name,
                ownerFunction: member, site: place.site,
                registeredService: place.registeredService,
                text: typeName.map { "resolve(\($0).self)" } ?? "resolve(...)"
            ))
        }

        if let typeName = Self.createdTypeName(in: node) {
            let hasArguments = !node.arguments.isEmpty || node.trailingClosure != nil
            let assigned = Self.assignedMemberName(of: node)
            facts.creations.append(CreationFact(
                typeName: typeName, position: position(of: node), ownerType: owner?.name,
                ownerFunction: member, site: place.site,
                member: place.member ?? assigned, hasArguments: hasArguments,
                registeredService: place.registeredService, isInExtension: owner?.isExtension ?? false,
                text: "\(typeName)(\(hasArguments ? "..." : ""))"
            ))
        }
        return .visitChildren
    }

    override func visit(_ node: OptionalChainingExprSyntax) -> SyntaxVisitorContinueKind {
        // Only `x?.member`: the optional is used and the call is skipped when it is nil.
        guard node.parent?.is(MemberAccessExprSyntax.self) == true else { return .visitChildren }
        let name: String?
        if let reference = node.expression.as(DeclReferenceExprSyntax.self) {
            name = reference.baseName.text
        } else if let access = node.expression.as(MemberAccessExprSyntax.self),
                  access.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "self" {
            name = access.declName.baseName.text
        } else {
            name = nil
        }
        if let name {
            let text = node.parent.map { $0.trimmedDescription } ?? node.trimmedDescription
            facts.optionalChains.append(OptionalChainFact(
                propertyName: name, ownerType: currentType?.name, position: position(of: node),
                text: String(text.prefix(60))
            ))
        }
        return .visitChildren
    }

    override func visit(_ node: ForceUnwrapExprSyntax) -> SyntaxVisitorContinueKind {
        // `x!` or `self.x!`: a value that is taken to be there, and crashes when it is not.
        if let name = Self.propertyName(referencedBy: node.expression) {
            facts.optionalChains.append(OptionalChainFact(
                propertyName: name, ownerType: currentType?.name, position: position(of: node),
                text: String(node.trimmedDescription.prefix(60)), isForceUnwrap: true
            ))
        }
        return .visitChildren
    }

    /// `x` for `x` and `self.x`; nil for anything else.
    static func propertyName(referencedBy expression: ExprSyntax) -> String? {
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            return reference.baseName.text
        }
        if let access = expression.as(MemberAccessExprSyntax.self),
           access.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "self" {
            return access.declName.baseName.text
        }
        return nil
    }
}

// MARK: Reading syntax

extension SourceScanner {
    /// The names in an inheritance clause, without module prefixes and generic arguments.
    static func names(in clause: InheritanceClauseSyntax?) -> [String] {
        clause?.inheritedTypes.flatMap { TypeReference($0.type).names } ?? []
    }

    static func attributeNames(_ attributes: AttributeListSyntax) -> [String] {
        attributes.compactMap { $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription }
    }

    static func isComputed(_ binding: PatternBindingSyntax) -> Bool {
        guard let block = binding.accessorBlock else { return false }
        switch block.accessors {
        case .getter:
            return true
        case .accessors(let accessors):
            // `willSet`/`didSet` observe a stored property; `get` makes it computed.
            return accessors.contains { ["get", "_read", "unsafeAddress"].contains($0.accessorSpecifier.text) }
        }
    }

    static func dependencyKey(in attributes: AttributeListSyntax) -> DependencyKeyReference? {
        for case .attribute(let attribute) in attributes where attribute.attributeName.trimmedDescription == "Dependency" {
            guard case .argumentList(let arguments) = attribute.arguments, let first = arguments.first else { continue }
            if let keyPath = first.expression.as(KeyPathExprSyntax.self) {
                var text = keyPath.trimmedDescription
                text.removeFirst()  // the backslash
                return .keyPath(text.hasPrefix(".") ? String(text.dropFirst()) : text)
            }
            if let type = TypeNameReading.metatypeArgument(first.expression) {
                return .type(type)
            }
        }
        return nil
    }

    /// The type a call creates: `TypeName(…)`, `TypeName.init(…)`, `Module.TypeName(…)`, `Generic<T>(…)`.
    static func createdTypeName(in expression: ExprSyntax) -> String? {
        guard let call = expression.as(FunctionCallExprSyntax.self) else { return nil }
        return createdTypeName(in: call)
    }

    static func createdTypeName(in call: FunctionCallExprSyntax) -> String? {
        var callee = call.calledExpression
        if let generic = callee.as(GenericSpecializationExprSyntax.self) {
            callee = generic.expression
        }
        if let reference = callee.as(DeclReferenceExprSyntax.self) {
            let name = reference.baseName.text
            return TypeNameReading.isTypeLike(name) ? name : nil
        }
        if let access = callee.as(MemberAccessExprSyntax.self), let base = access.base {
            let member = access.declName.baseName.text
            if member == "init" {
                let baseExpression = base.as(GenericSpecializationExprSyntax.self)?.expression ?? base
                return TypeNameReading.typeName(inTypeText: baseExpression.trimmedDescription)
            }
            // `Domain.TwitterClient()` or `Outer.Inner()`; `Type.make()` is a static call, not a creation.
            let baseName = base.as(DeclReferenceExprSyntax.self)?.baseName.text ?? base.as(MemberAccessExprSyntax.self)?.declName.baseName.text
            if TypeNameReading.isTypeLike(member), let baseName, TypeNameReading.isTypeLike(baseName) {
                return member
            }
        }
        return nil
    }

    /// The concrete type a default value constructs, or whose shared instance it takes.
    ///
    /// `TwitterClient()` and `try! FixedClock(day: …)` construct one; `TerminalScreen.standard`
    /// takes one. `.twitter` and `SocialNetwork.twitter` (a value of the parameter's own type) and
    /// `StandardOutput.write` for a closure parameter do not.
    static func concreteType(ofDefault value: ExprSyntax, for type: TypeReference) -> String? {
        let expression = unwrapped(value)
        if let created = createdTypeName(in: expression) { return created }
        guard !type.isFunction, let access = expression.as(MemberAccessExprSyntax.self),
              let base = access.base?.as(DeclReferenceExprSyntax.self)?.baseName.text,
              TypeNameReading.isTypeLike(base), !type.names.contains(base)
        else { return nil }
        return base
    }

    /// `try x`, `try! x`, `await x`, `x!` without their wrappers.
    static func unwrapped(_ expression: ExprSyntax) -> ExprSyntax {
        if let tryExpression = expression.as(TryExprSyntax.self) { return unwrapped(tryExpression.expression) }
        if let awaitExpression = expression.as(AwaitExprSyntax.self) { return unwrapped(awaitExpression.expression) }
        if let forced = expression.as(ForceUnwrapExprSyntax.self) { return unwrapped(forced.expression) }
        return expression
    }

    /// For `self.client = TwitterClient()` or `client = TwitterClient()`, the name `client`.
    static func assignedMemberName(of call: FunctionCallExprSyntax) -> String? {
        var current = Syntax(call)
        while let parent = current.parent {
            if parent.is(TryExprSyntax.self) || parent.is(AwaitExprSyntax.self) || parent.is(ForceUnwrapExprSyntax.self) {
                current = parent
                continue
            }
            guard let list = parent.as(ExprListSyntax.self), let sequence = list.parent?.as(SequenceExprSyntax.self) else { return nil }
            let elements = Array(sequence.elements)
            guard elements.count == 3, elements[1].is(AssignmentExprSyntax.self), elements[2].id == current.id else { return nil }
            if let reference = elements[0].as(DeclReferenceExprSyntax.self) {
                return reference.baseName.text
            }
            if let access = elements[0].as(MemberAccessExprSyntax.self),
               access.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "self" {
                return access.declName.baseName.text
            }
            return nil
        }
        return nil
    }

    /// The lifetime written with a registration: `.inObjectScope(.container)` or `lifetime: .singleton`.
    static func scope(of registration: FunctionCallExprSyntax) -> String? {
        if let lifetime = registration.arguments.first(where: { ["lifetime", "scope"].contains($0.label?.text) }) {
            return lifetime.expression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
        }
        if let access = registration.parent?.as(MemberAccessExprSyntax.self),
           access.declName.baseName.text == "inObjectScope",
           let call = access.parent?.as(FunctionCallExprSyntax.self),
           let argument = call.arguments.first?.expression.as(MemberAccessExprSyntax.self) {
            return argument.declName.baseName.text
        }
        return nil
    }
}
