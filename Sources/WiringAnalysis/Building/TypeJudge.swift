/// Decides what a type name stands for: an abstraction, a volatile dependency, a plain value, a
/// standard-library tool, an error, something declared in the analysed files or elsewhere.
///
/// Volatile dependencies (Seemann & van Deursen): the types a consumer should be given rather than
/// create, because they reach outside (network, disk, clock, screen) or are meant to be swapped.
/// A name counts as volatile when
/// 1. the vocabulary lists it (`WiringVocabulary.volatileTypes`), or
/// 2. it is declared in the analysed files and conforms to a protocol that is used as a
///    dependency (the type of a property, an initializer or method parameter, a `@Dependency`, a
///    Cake requirement) in the analysed files or in the vocabulary: it is concrete-for-that-abstraction;
/// 3. only when the vocabulary is empty: it is declared elsewhere and its name ends in a role word
///    of volatile things (`Client`, `Service`, `Repository`, `Store`, `Gateway`, `Clock`, `Logger`,
///    `Navigator`, `Router`, `Screen`, `DataSource`, `Session`, `Database`, `Manager`, `Provider`, `API`).
struct TypeJudge: Sendable {
    let vocabulary: WiringVocabulary
    /// The first declaration of each type in the analysed files.
    let declared: [String: TypeFact]
    /// Function names declared in the analysed files (upper-case ones are not creations).
    let declaredFunctionNames: Set<String>
    /// What each type conforms to (declarations, extensions and vocabulary).
    let conformances: [String: Set<String>]
    /// Names written as `any X` or `some X` somewhere.
    let writtenAbstractions: Set<String>
    /// Abstractions used as a dependency in the analysed files or the vocabulary.
    let dependencyAbstractions: Set<String>

    init(facts: SourceFacts, vocabulary: WiringVocabulary) {
        self.vocabulary = vocabulary
        var declared: [String: TypeFact] = [:]
        for type in facts.types where declared[type.name] == nil {
            declared[type.name] = type
        }
        self.declared = declared
        declaredFunctionNames = Set(facts.functions.map(\.baseName))

        var conformances = vocabulary.conformances
        for type in facts.types {
            conformances[type.name, default: []].formUnion(type.inherited)
        }
        for extensionFact in facts.extensions {
            conformances[extensionFact.extendedType, default: []].formUnion(extensionFact.inherited)
        }
        self.conformances = conformances

        var written: Set<String> = []
        var usedTypes: [TypeReference] = []
        for property in facts.properties {
            guard let type = property.type else { continue }
            if type.isWrittenAsAbstraction { written.formUnion(type.names) }
            usedTypes.append(type)
        }
        for parameter in facts.parameters {
            if parameter.type.isWrittenAsAbstraction { written.formUnion(parameter.type.names) }
            usedTypes.append(parameter.type)
        }
        writtenAbstractions = written

        var dependencyAbstractions = vocabulary.abstractions
        for type in usedTypes where !type.isFunction {
            for name in type.names where type.isWrittenAsAbstraction || declared[name]?.kind == .protocol {
                dependencyAbstractions.insert(name)
            }
        }
        for case .type(let name) in facts.properties.compactMap(\.dependencyKey) {
            dependencyAbstractions.insert(name)
        }
        // `any Sendable` in a dictionary does not make every Sendable value a dependency.
        self.dependencyAbstractions = dependencyAbstractions.subtracting(Self.standardProtocols)
    }

    // MARK: Kinds of names

    func isDeclared(_ name: String) -> Bool {
        declared[name] != nil
    }

    func isProtocol(_ name: String) -> Bool {
        if let type = declared[name] { return type.kind == .protocol }
        return vocabulary.abstractions.contains(name) || writtenAbstractions.contains(name)
    }

    /// A type of the standard library, Foundation, Dispatch or a concurrency tool: never part of the wiring.
    func isBuiltin(_ name: String) -> Bool {
        !isDeclared(name) && !vocabulary.volatileTypes.contains(name) && Self.builtinNames.contains(name)
    }

    func isError(_ name: String) -> Bool {
        let conformed = allConformances(of: name)
        if conformed.contains("Error") || conformed.contains("LocalizedError") { return true }
        return !isDeclared(name) && (name.hasSuffix("Error") || name.hasSuffix("Exception"))
    }

    /// A plain value: a struct or enum that implements no abstraction, or one the vocabulary calls a value.
    func isValue(_ name: String) -> Bool {
        if vocabulary.valueTypes.contains(name) { return true }
        guard let type = declared[name], type.kind == .struct || type.kind == .enum else { return false }
        return implementedAbstraction(of: name) == nil
    }

    /// A function with an upper-case name, which a call could be mistaken for a creation of.
    func isFunctionName(_ name: String) -> Bool {
        !isDeclared(name) && declaredFunctionNames.contains(name)
    }

    /// Whether a call `name(…)` creates something the wiring should show.
    func isWiringType(_ name: String) -> Bool {
        !isBuiltin(name) && !isError(name) && !isFunctionName(name)
    }

    /// A concrete type a consumer should be given rather than create (see the type's documentation).
    func isVolatile(_ name: String) -> Bool {
        guard isWiringType(name), !isProtocol(name) else { return false }
        if vocabulary.volatileTypes.contains(name) { return true }
        if isDeclared(name) {
            return allConformances(of: name).contains(where: dependencyAbstractions.contains)
        }
        guard vocabulary.isEmpty, !vocabulary.valueTypes.contains(name) else { return false }
        return Self.volatileRoleSuffixes.contains { name.hasSuffix($0) }
    }

    /// The abstraction `name` implements, for messages ("take an `any Clock`").
    func implementedAbstraction(of name: String) -> String? {
        let conformed = allConformances(of: name)
        return conformed.filter { dependencyAbstractions.contains($0) || (declared[$0]?.kind == .protocol) }
            .subtracting(Self.standardProtocols).sorted().first
    }

    /// What `name` conforms to, following protocols that refine others.
    func allConformances(of name: String) -> Set<String> {
        WiringVocabulary.allConformances(of: name, in: conformances)
    }

    /// The kind of node a name gets.
    func nodeKind(of name: String) -> WiringNode.Kind {
        if let type = declared[name] { return WiringNode.Kind(type.kind) }
        if let kind = vocabulary.kinds[name] { return kind }
        return isProtocol(name) ? .protocol : .unknown
    }

    // MARK: Cake

    /// `UsesClock`, `UsesReadFileService`: a Cake mix-in protocol, recognised by its name.
    static func isCakeProtocolName(_ name: String) -> Bool {
        guard name.hasPrefix("Uses"), let fifth = name.dropFirst(4).unicodeScalars.first else { return false }
        return fifth.properties.isUppercase
    }

    /// The requirements of a `UsesX` protocol: member name to the type it asks for.
    ///
    /// Declared requirements win; then the vocabulary's; else the naming convention of the
    /// pattern: `UsesReadFileService` asks for `readFileService: ReadFileService`.
    func cakeRequirements(of usesProtocol: String, facts: SourceFacts) -> [String: String] {
        var requirements: [String: String] = [:]
        for property in facts.properties where property.isProtocolRequirement && property.ownerType == usesProtocol {
            requirements[property.name] = property.type?.names.first ?? ""
        }
        if requirements.isEmpty, let known = vocabulary.requirements[usesProtocol] {
            requirements = known
        }
        if requirements.isEmpty, !isDeclared(usesProtocol) {
            let needed = String(usesProtocol.dropFirst(4))
            requirements[needed.prefix(1).lowercased() + needed.dropFirst()] = needed
        }
        return requirements
    }

    /// The `UsesX` protocols a type or protocol adopts, directly or through protocols it refines.
    func cakeProtocols(adoptedBy name: String) -> [String] {
        var adopted = allConformances(of: name).filter(Self.isCakeProtocolName)
        if Self.isCakeProtocolName(name) { adopted.insert(name) }
        return adopted.sorted()
    }

    // MARK: Lists

    /// Protocols of the standard library and Foundation that say what a value can do, not what
    /// service it offers: conforming to them makes nothing a dependency.
    static let standardProtocols: Set<String> = [
        "Sendable", "Equatable", "Hashable", "Comparable", "Identifiable", "Codable", "Encodable", "Decodable",
        "CustomStringConvertible", "CustomDebugStringConvertible", "Error", "LocalizedError", "CaseIterable",
        "RawRepresentable", "AnyObject", "Actor", "Sequence", "Collection", "IteratorProtocol", "ExpressibleByArgument",
    ]

    static let builtinNames: Set<String> = [
        "String", "Substring", "Character", "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16",
        "UInt32", "UInt64", "Double", "Float", "Float80", "CGFloat", "Bool", "Array", "ContiguousArray", "Dictionary",
        "Set", "Optional", "Result", "ObjectIdentifier", "Range", "ClosedRange", "AnyHashable", "AnyObject", "Any",
        "Void", "Never", "KeyPath", "Unmanaged", "Mirror", "StaticString", "Duration", "ContinuousClock",
        "SuspendingClock", "Task", "TaskGroup", "CheckedContinuation", "UnsafeContinuation", "AsyncStream",
        "AsyncThrowingStream", "Mutex", "Atomic", "Date", "DateComponents", "DateFormatter", "DateInterval",
        "ISO8601DateFormatter", "Calendar", "TimeZone", "Locale", "URL", "URLComponents", "URLQueryItem",
        "URLRequest", "Data", "UUID", "Decimal", "NSDecimalNumber", "NSNumber", "NSString", "NSLock",
        "NSRecursiveLock", "NSCondition", "NSRegularExpression", "Regex", "CharacterSet", "IndexSet", "IndexPath",
        "JSONEncoder", "JSONDecoder", "PropertyListEncoder", "PropertyListDecoder", "NumberFormatter",
        "ByteCountFormatter", "Measurement", "DispatchQueue", "DispatchGroup", "DispatchSemaphore", "DispatchTime",
        "DispatchWorkItem", "OperationQueue", "LockIsolated", "ActorIsolated", "UncheckedSendable",
        "XCTestExpectation",
    ]

    static let volatileRoleSuffixes: [String] = [
        "Client", "Service", "Repository", "Store", "Gateway", "Clock", "Logger", "Navigator", "Router", "Screen",
        "DataSource", "Session", "Database", "Manager", "Provider", "API", "Api",
    ]
}
