/// Turns the scanned facts into a `WiringGraph`.
///
/// Edges, by the facts they come from:
/// - a stored property: `holdsWeakly` when it is `weak` or `unowned`; else `dependsOn` when its
///   type is an abstraction, `holdsStrongly` when it is a concrete type (plain values, standard
///   library types and errors are left out);
/// - an initializer parameter, a method parameter, a protocol's property requirement, a
///   `@Dependency` and each requirement of an adopted `UsesX` protocol: `dependsOn`, when the type
///   is an abstraction (a `@Dependency` and a Cake requirement always);
/// - a call `TypeName(…)`: `creates`, from the node the code belongs to (see `CompositionMap`);
/// - a call `resolve(X.self)`: `resolvesFromContainer`, from the registered service when it is in
///   a registration's factory closure, else from the node the code belongs to.
struct GraphBuilder {
    let facts: SourceFacts
    let judge: TypeJudge
    let composition: CompositionMap

    private var edges: [WiringEdge] = []
    /// Nodes that are not declared types, met while adding edges: name to (kind, file, line).
    private var extraNodes: [String: (kind: WiringNode.Kind, file: String?, line: Int?)] = [:]
    private var extraNodeOrder: [String] = []

    init(facts: SourceFacts, judge: TypeJudge, composition: CompositionMap) {
        self.facts = facts
        self.judge = judge
        self.composition = composition
    }

    mutating func build() -> WiringGraph {
        addPropertyEdges()
        addParameterEdges()
        addCakeEdges()
        addCreationEdges()
        addResolutionEdges()
        for root in composition.roots where !judge.isDeclared(root.node) {
            let kind: WiringNode.Kind = composition.topLevelFiles.contains(root.file) && root.reason == .entryPoint
                && root.node == CompositionMap.topLevelNodeName(root.file) ? .topLevelCode : .function
            noteNode(root.node, kind: kind, file: root.file, line: root.line)
        }
        return WiringGraph(
            nodes: makeNodes(), edges: inSourceOrder(edges).uniqued(),
            compositionRoots: composition.roots, registrations: makeRegistrations()
        )
    }

    // MARK: Edges

    /// By file and line; edges on the same line keep the order they were found in.
    private func inSourceOrder(_ edges: [WiringEdge]) -> [WiringEdge] {
        edges.enumerated().sorted { ($0.element.file, $0.element.line, $0.offset) < ($1.element.file, $1.element.line, $1.offset) }.map(\.element)
    }

    private mutating func addEdge(
        from: String, to: String, _ kind: WiringEdge.Kind, _ site: WiringSite, member: String?, at position: SourcePosition
    ) {
        guard from != to || kind == .creates else { return }
        edges.append(WiringEdge(from: from, to: to, kind: kind, site: site, member: member, file: position.file, line: position.line))
    }

    /// Whether a type name belongs in the graph as something held or needed.
    private func isCollaborator(_ name: String) -> Bool {
        judge.isWiringType(name) && !judge.isValue(name)
    }

    private mutating func addPropertyEdges() {
        for property in facts.properties {
            let from = composition.node(ownerType: property.ownerType, ownerMember: property.localToFunction, file: property.position.file)
            if let key = property.dependencyKey {
                if property.ownerType == nil {
                    noteNode(from, kind: property.localToFunction == nil ? .topLevelCode : .function, file: property.position.file, line: nil)
                }
                let target = dependencyTarget(key)
                addEdge(from: from, to: target, .dependsOn, .dependencyProperty, member: property.name, at: property.position)
                continue
            }
            guard property.ownerType != nil, property.localToFunction == nil, !property.isStatic,
                  let type = property.type, !type.isFunction
            else { continue }
            if property.isProtocolRequirement {
                for name in type.names where judge.isProtocol(name) {
                    addEdge(from: from, to: name, .dependsOn, .protocolRequirement, member: property.name, at: property.position)
                }
                continue
            }
            guard !property.isComputed, !property.isInExtension else { continue }
            let site: WiringSite = property.isLazy ? .lazyProperty : Self.isSettable(property) ? .settableProperty : .storedProperty
            for name in type.names where isCollaborator(name) {
                if property.isWeak || property.isUnowned {
                    addEdge(from: from, to: name, .holdsWeakly, site, member: property.name, at: property.position)
                } else if judge.isProtocol(name) {
                    addEdge(from: from, to: name, .dependsOn, site, member: property.name, at: property.position)
                } else {
                    addEdge(from: from, to: name, .holdsStrongly, site, member: property.name, at: property.position)
                }
            }
        }
    }

    /// A `var` anyone may assign: setter injection.
    static func isSettable(_ property: PropertyFact) -> Bool {
        !property.isLet && !property.isSetterHidden && !property.isComputed && !property.isLazy && !property.isStatic
    }

    private mutating func dependencyTarget(_ key: DependencyKeyReference) -> String {
        switch key {
        case .type(let name):
            return name
        case .keyPath(let path):
            let first = String(path.split(separator: ".").first ?? Substring(path))
            if let type = facts.dependencyValueTypes[first] { return type }
            let name = "\\.\(path)"
            noteNode(name, kind: .dependencyValue, file: nil, line: nil)
            return name
        }
    }

    private mutating func addParameterEdges() {
        for parameter in facts.parameters where !parameter.type.isFunction {
            let site: WiringSite = parameter.functionKind == .initializer ? .initializerParameter : .methodParameter
            let from = composition.node(ownerType: parameter.ownerType, ownerMember: parameter.function, file: parameter.position.file)
            for name in parameter.type.names where judge.isProtocol(name) && isCollaborator(name) {
                if parameter.ownerType == nil {
                    noteNode(from, kind: .function, file: parameter.position.file, line: nil)
                }
                addEdge(from: from, to: name, .dependsOn, site, member: parameter.name, at: parameter.position)
            }
        }
    }

    private mutating func addCakeEdges() {
        var adopters: [(name: String, inherited: [String], position: SourcePosition)] = facts.types.map {
            ($0.name, $0.inherited, $0.position)
        }
        adopters += facts.extensions.map { ($0.extendedType, $0.inherited, $0.position) }
        for adopter in adopters {
            for usesProtocol in adopter.inherited where TypeJudge.isCakeProtocolName(usesProtocol) {
                for (member, type) in judge.cakeRequirements(of: usesProtocol, facts: facts).sorted(by: { $0.key < $1.key }) where !type.isEmpty {
                    addEdge(from: adopter.name, to: type, .dependsOn, .cakeRequirement, member: member, at: adopter.position)
                }
            }
        }
    }

    private mutating func addCreationEdges() {
        for creation in facts.creations where judge.isWiringType(creation.typeName) {
            let from = composition.node(ownerType: creation.ownerType, ownerMember: creation.ownerFunction, file: creation.position.file)
            if creation.ownerType == nil {
                let isTopLevel = creation.ownerFunction == nil
                noteNode(from, kind: isTopLevel ? .topLevelCode : .function, file: creation.position.file, line: nil)
            }
            // In a function's own node, naming the function again says nothing.
            let ownNode = creation.ownerFunction.map { CompositionMap.memberNodeName(.init(owner: creation.ownerType, member: $0)) }
            let member = creation.member == creation.ownerFunction && ownNode == from ? nil : creation.member
            addEdge(
                from: from, to: creation.typeName, .creates, creation.site,
                member: member ?? (ownNode == from ? nil : creation.ownerFunction), at: creation.position
            )
        }
    }

    private mutating func addResolutionEdges() {
        for resolution in facts.resolutions {
            guard let target = resolution.typeName else { continue }
            let owner = composition.node(ownerType: resolution.ownerType, ownerMember: resolution.ownerFunction, file: resolution.position.file)
            if resolution.ownerType == nil {
                noteNode(owner, kind: resolution.ownerFunction == nil ? .topLevelCode : .function, file: resolution.position.file, line: nil)
            }
            let from = resolution.registeredService ?? owner
            let ownNode = resolution.ownerFunction.map { CompositionMap.memberNodeName(.init(owner: resolution.ownerType, member: $0)) }
            let member = resolution.registeredService.map { "register(\($0).self)" } ?? (ownNode == from ? nil : resolution.ownerFunction)
            addEdge(from: from, to: target, .resolvesFromContainer, resolution.site, member: member, at: resolution.position)
        }
    }

    // MARK: Nodes

    private mutating func noteNode(_ name: String, kind: WiringNode.Kind, file: String?, line: Int?) {
        guard !judge.isDeclared(name) else { return }
        if let existing = extraNodes[name] {
            if existing.line == nil, let line {
                extraNodes[name] = (existing.kind, file, line)
            }
            return
        }
        extraNodes[name] = (kind, file, line)
        extraNodeOrder.append(name)
    }

    private func makeNodes() -> [WiringNode] {
        var nodes: [WiringNode] = []
        var seen: Set<String> = []
        func add(_ node: WiringNode) {
            if seen.insert(node.name).inserted { nodes.append(node) }
        }
        for type in facts.types {
            add(WiringNode(
                name: type.name, kind: WiringNode.Kind(type.kind), file: type.position.file, line: type.position.line,
                isProtocol: type.kind == .protocol, isExternal: false, isVolatile: judge.isVolatile(type.name),
                isCompositionRoot: composition.isRootNode(type.name)
            ))
        }
        for name in extraNodeOrder {
            guard let extra = extraNodes[name] else { continue }
            let line = extra.line ?? composition.roots.first(where: { $0.node == name })?.line
            add(WiringNode(
                name: name, kind: extra.kind, file: extra.file, line: line, isProtocol: false,
                isExternal: extra.kind == .dependencyValue, isVolatile: false, isCompositionRoot: composition.isRootNode(name)
            ))
        }
        let referenced = Set(edges.flatMap { [$0.from, $0.to] }).subtracting(seen).sorted()
        for name in referenced {
            add(WiringNode(
                name: name, kind: judge.nodeKind(of: name), file: nil, line: nil, isProtocol: judge.isProtocol(name),
                isExternal: true, isVolatile: judge.isVolatile(name), isCompositionRoot: false
            ))
        }
        return nodes
    }

    private func makeRegistrations() -> [ContainerRegistration] {
        facts.registrations.map { registration in
            let inClosure: (String?, String?) -> Bool = { ownerType, ownerFunction in
                ownerType == registration.ownerType && ownerFunction == registration.ownerFunction
            }
            let creates = facts.creations.filter {
                $0.registeredService == registration.service && inClosure($0.ownerType, $0.ownerFunction)
                    && judge.isWiringType($0.typeName)
            }.map(\.typeName)
            let resolves = facts.resolutions.filter {
                $0.registeredService == registration.service && inClosure($0.ownerType, $0.ownerFunction)
            }.compactMap(\.typeName)
            return ContainerRegistration(
                service: registration.service, creates: creates.uniqued(), resolves: resolves.uniqued(), scope: registration.scope,
                registeredBy: composition.node(
                    ownerType: registration.ownerType, ownerMember: registration.ownerFunction, file: registration.position.file
                ),
                file: registration.position.file, line: registration.position.line
            )
        }
    }
}

extension Array where Element: Hashable {
    /// The elements in order, each only the first time it appears.
    func uniqued() -> [Element] {
        var seen: Set<Element> = []
        return filter { seen.insert($0).inserted }
    }
}
