/// Which types and functions are composition roots, and which node each piece of code belongs to.
///
/// The composition root is the place that builds the object graph (Seemann & van Deursen): there,
/// creating concrete types and resolving from a container is the job, not a mistake. The analysis
/// recognises it by these heuristics, in this order:
///
/// Whole types (every member is part of the root):
/// - a test: a class inheriting `XCTestCase`, or a type marked `@Suite` (a test composes its
///   subject with test doubles);
/// - an entry point: a type marked `@main`, a type with a `static func main()` or `static func run(…)`,
///   or an ArgumentParser command (`ParsableCommand`, `AsyncParsableCommand`, `ParsableArguments`);
/// - a Cake mix-in class: a concrete type that adopts `UsesX` protocols (directly or through the
///   protocols it adopts) and declares one of their requirements, or whose name starts with `MixIn`;
/// - a container type: it conforms to Swinject's `Assembly`, or to a protocol whose name ends in
///   `Dependencies` or `Factory` (the factory a coordinator asks for screens), or its name ends in
///   `Container`, `Assembler`, `Assembly`, `Composition` or `CompositionRoot`.
///
/// Single functions and members (each becomes a node of its own, `Type.function(labels:)`):
/// - a function named `assemble…` (`assembleModule(services:)`, `assemble(container:)`);
/// - a function that registers factories in a container (`register(X.self) { … }`), or creates a
///   container (a type named `…Container` or `Assembler`);
/// - a factory: a function named `make…`, `build…`, `compose…`, `create…` or `wire…` that creates
///   two or more different types, or hands something to an initializer it calls;
/// - a function marked `@Test`;
/// - a function named `main` or `run` (a command's or a benchmark's entry);
/// - a swift-dependencies `static` `liveValue`, `testValue` or `previewValue`.
///
/// Statements at file scope (`main.swift`) are a root too, as a node named after the file.
struct CompositionMap: Sendable {
    /// A member of a type (or a free function, with no owner).
    struct MemberKey: Hashable, Sendable {
        var owner: String?
        var member: String
    }

    private(set) var rootTypes: [String: CompositionRoot.Reason] = [:]
    private(set) var rootMembers: [MemberKey: CompositionRoot.Reason] = [:]
    private(set) var roots: [CompositionRoot] = []
    private(set) var topLevelFiles: Set<String> = []

    init(facts: SourceFacts, judge: TypeJudge) {
        findRootTypes(facts: facts, judge: judge)
        findRootFunctions(facts: facts, judge: judge)
        for property in facts.properties where property.isStatic && !property.isProtocolRequirement
            && ["liveValue", "testValue", "previewValue"].contains(property.name) {
            addMember(MemberKey(owner: property.ownerType, member: property.name), .dependencyKeyValue, property.position)
        }
        for (file, line) in facts.topLevelCode.sorted(by: { $0.key < $1.key }) {
            topLevelFiles.insert(file)
            roots.append(CompositionRoot(node: Self.topLevelNodeName(file), reason: .entryPoint, file: file, line: line))
        }
        roots.sort { ($0.file, $0.line, $0.node) < ($1.file, $1.line, $1.node) }
    }

    // MARK: Finding roots

    private mutating func findRootTypes(facts: SourceFacts, judge: TypeJudge) {
        for type in facts.types where type.kind != .protocol && rootTypes[type.name] == nil {
            let conformed = judge.allConformances(of: type.name)
            let reason: CompositionRoot.Reason?
            if conformed.contains("XCTestCase") || type.attributes.contains("Suite") {
                reason = .test
            } else if type.attributes.contains("main") || conformed.contains(where: Self.commandProtocols.contains)
                || facts.functions.contains(where: {
                    $0.ownerType == type.name && $0.kind == .staticMethod && ["main", "run"].contains($0.baseName)
                }) {
                reason = .entryPoint
            } else if Self.isCakeMixIn(type, facts: facts, judge: judge) {
                reason = .cakeMixIn
            } else if conformed.contains("Assembly")
                || conformed.contains(where: { $0.hasSuffix("Dependencies") || $0.hasSuffix("Factory") })
                || ["Container", "Assembler", "Assembly", "Composition", "CompositionRoot"].contains(where: { type.name.hasSuffix($0) }) {
                reason = .containerType
            } else {
                reason = nil
            }
            if let reason {
                rootTypes[type.name] = reason
                roots.append(CompositionRoot(node: type.name, reason: reason, file: type.position.file, line: type.position.line))
            }
        }
    }

    /// ArgumentParser's commands: the entry points of command-line programs.
    static let commandProtocols: Set<String> = ["ParsableCommand", "AsyncParsableCommand", "ParsableArguments"]

    private static func isCakeMixIn(_ type: TypeFact, facts: SourceFacts, judge: TypeJudge) -> Bool {
        if type.name.hasPrefix("MixIn"), !type.inherited.isEmpty { return true }
        let requirements = judge.cakeProtocols(adoptedBy: type.name).flatMap { judge.cakeRequirements(of: $0, facts: facts).keys }
        guard !requirements.isEmpty else { return false }
        return facts.properties.contains { $0.ownerType == type.name && $0.localToFunction == nil && requirements.contains($0.name) }
    }

    private mutating func findRootFunctions(facts: SourceFacts, judge: TypeJudge) {
        for function in facts.functions {
            if let owner = function.ownerType, rootTypes[owner] != nil { continue }
            let key = MemberKey(owner: function.ownerType, member: function.name)
            let created = facts.creations.filter {
                $0.ownerType == function.ownerType && $0.ownerFunction == function.name && judge.isWiringType($0.typeName)
            }
            let registers = facts.registrations.contains { $0.ownerType == function.ownerType && $0.ownerFunction == function.name }
            let createsContainer = created.contains { $0.typeName.hasSuffix("Container") || $0.typeName == "Assembler" }
            let reason: CompositionRoot.Reason?
            if function.baseName.hasPrefix("assemble") {
                reason = .assemblesModule
            } else if registers || createsContainer {
                reason = .registersInContainer
            } else if Self.isFactoryName(function.baseName),
                      Set(created.map(\.typeName)).count >= 2 || created.contains(where: \.hasArguments) {
                reason = .factory
            } else if function.attributes.contains("Test") {
                reason = .test
            } else if ["main", "run"].contains(function.baseName) {
                reason = .entryPoint
            } else {
                reason = nil
            }
            if let reason {
                addMember(key, reason, function.position)
            }
        }
    }

    private mutating func addMember(_ key: MemberKey, _ reason: CompositionRoot.Reason, _ position: SourcePosition) {
        if let owner = key.owner, rootTypes[owner] != nil { return }
        guard rootMembers[key] == nil else { return }
        rootMembers[key] = reason
        roots.append(CompositionRoot(node: Self.memberNodeName(key), reason: reason, file: position.file, line: position.line))
    }

    private static func isFactoryName(_ name: String) -> Bool {
        for prefix in ["make", "build", "compose", "create", "wire"] where name.hasPrefix(prefix) {
            let rest = name.dropFirst(prefix.count)
            if rest.isEmpty || rest.unicodeScalars.first!.properties.isUppercase { return true }
        }
        return false
    }

    // MARK: Attributing code to nodes

    static func memberNodeName(_ key: MemberKey) -> String {
        key.owner.map { "\($0).\(key.member)" } ?? key.member
    }

    static func topLevelNodeName(_ file: String) -> String {
        String(file.split(separator: "/").last ?? Substring(file))
    }

    /// The node that code written at this place belongs to.
    ///
    /// Code in a root type belongs to the type; code in a root function or member to that member's
    /// own node; code in any other member of a type to the type; code in a free function to the
    /// function; code at file scope to the file.
    func node(ownerType: String?, ownerMember: String?, file: String) -> String {
        if let ownerType {
            if rootTypes[ownerType] != nil { return ownerType }
            if let ownerMember, rootMembers[MemberKey(owner: ownerType, member: ownerMember)] != nil {
                return Self.memberNodeName(MemberKey(owner: ownerType, member: ownerMember))
            }
            return ownerType
        }
        if let ownerMember { return ownerMember }
        return Self.topLevelNodeName(file)
    }

    /// Whether code at this place is part of a composition root.
    func isRoot(ownerType: String?, ownerMember: String?, file: String) -> Bool {
        if let ownerType, rootTypes[ownerType] != nil { return true }
        if let ownerMember, rootMembers[MemberKey(owner: ownerType, member: ownerMember)] != nil { return true }
        return ownerType == nil && ownerMember == nil && topLevelFiles.contains(file)
    }

    /// Whether a node is a composition root.
    func isRootNode(_ name: String) -> Bool {
        roots.contains { $0.node == name }
    }
}
