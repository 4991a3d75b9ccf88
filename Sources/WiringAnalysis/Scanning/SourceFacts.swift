/// Everything the scanner read out of the source files, before any judgement.
///
/// The graph, the findings and the rules are all worked out from these facts; nothing after the
/// scanner looks at syntax again, so each file is parsed and walked exactly once.
struct SourceFacts: Sendable {
    var types: [TypeFact] = []
    var extensions: [ExtensionFact] = []
    var functions: [FunctionFact] = []
    var properties: [PropertyFact] = []
    var parameters: [ParameterFact] = []
    var creations: [CreationFact] = []
    var resolutions: [ResolutionFact] = []
    var registrations: [RegistrationFact] = []
    var optionalChains: [OptionalChainFact] = []
    /// `extension DependencyValues { var postingClient: PostingClient … }`: key path name to type.
    var dependencyValueTypes: [String: String] = [:]
    /// Files with statements at file scope (a `main.swift`), and the line of the first one.
    var topLevelCode: [String: Int] = [:]
    /// Every file scanned, in order.
    var files: [String] = []

    mutating func append(_ other: SourceFacts) {
        types += other.types
        extensions += other.extensions
        functions += other.functions
        properties += other.properties
        parameters += other.parameters
        creations += other.creations
        resolutions += other.resolutions
        registrations += other.registrations
        optionalChains += other.optionalChains
        dependencyValueTypes.merge(other.dependencyValueTypes) { first, _ in first }
        topLevelCode.merge(other.topLevelCode) { first, _ in first }
        files += other.files
    }
}

/// Where a fact sits in the file.
struct SourcePosition: Hashable, Sendable {
    var file: String
    var line: Int
}

/// A class, struct, enum, actor or protocol declaration.
struct TypeFact: Sendable {
    enum Kind: String, Sendable {
        case `class`, `struct`, `enum`, actor, `protocol`
    }

    var name: String
    var kind: Kind
    var position: SourcePosition
    /// The names after the colon: superclass, protocols (or, for a protocol, the protocols it refines).
    var inherited: [String]
    /// Attribute names without `@`: `Suite`, `main`, `DependencyClient`.
    var attributes: [String]
    /// The type it is nested in, if any.
    var enclosingType: String?
}

/// An `extension X: P, Q { … }`.
struct ExtensionFact: Sendable {
    var extendedType: String
    var inherited: [String]
    var position: SourcePosition
    /// The members it declares (computed properties and functions), with their lines.
    var members: [ProvidedMember]
}

/// A member a protocol extension (or any extension) provides.
struct ProvidedMember: Sendable {
    enum Kind: String, Sendable {
        case property, function
    }

    var name: String
    var kind: Kind
    var position: SourcePosition
}

/// A function, method, initializer or accessor-free subscript body.
struct FunctionFact: Sendable {
    enum Kind: String, Sendable {
        case initializer, method, staticMethod, freeFunction
    }

    /// `share(_:)`, `init(output:clock:)`, `makePresenter(for:)`.
    var name: String
    /// The name without its labels: `share`, `init`, `makePresenter`.
    var baseName: String
    var kind: Kind
    /// The type (or extended type) it belongs to; nil for a free function.
    var ownerType: String?
    var position: SourcePosition
    var attributes: [String]
    /// Declared in an extension (of a protocol, the builder finds out).
    var isInExtension: Bool
}

/// A property: stored, lazy, computed, a protocol requirement, or a local `@Dependency` variable.
struct PropertyFact: Sendable {
    var name: String
    /// The type that declares it; nil for a global or a local variable in a free function.
    var ownerType: String?
    /// The function it is local to, when it is a local variable.
    var localToFunction: String?
    var position: SourcePosition
    /// The declared type; for `let x = TwitterClient()` the type of the creation.
    var type: TypeReference?
    var isLet: Bool
    var isStatic: Bool
    var isLazy: Bool
    var isComputed: Bool
    var isWeak: Bool
    var isUnowned: Bool
    /// `private var`, `private(set) var`, `fileprivate`: nobody outside can assign it.
    var isSetterHidden: Bool
    /// A requirement declared in a protocol body.
    var isProtocolRequirement: Bool
    /// Declared in an extension (so it cannot be stored).
    var isInExtension: Bool
    /// `@Dependency(\.x)` or `@Dependency(X.self)`: the key path text or the type.
    var dependencyKey: DependencyKeyReference?
    /// The property has an initial value (`= …`).
    var hasInitialValue: Bool
}

/// What a `@Dependency(…)` attribute names.
enum DependencyKeyReference: Hashable, Sendable {
    /// `@Dependency(\.date.now)`: the key path as written, without the backslash (`date.now`).
    case keyPath(String)
    /// `@Dependency(SocialClient.self)`.
    case type(String)
}

/// A parameter of an initializer or a method.
struct ParameterFact: Sendable {
    /// The name used inside the body (the second name if there is one).
    var name: String
    var function: String
    var functionKind: FunctionFact.Kind
    var ownerType: String?
    var position: SourcePosition
    var type: TypeReference
    /// The default value as written.
    var defaultText: String?
    /// The concrete type the default value constructs (`TwitterClient()`) or takes a shared
    /// instance of (`TerminalScreen.standard`), when it does.
    var defaultType: String?
}

/// A call `TypeName(…)` (or `TypeName.init(…)`): a concrete type is created.
struct CreationFact: Sendable {
    var typeName: String
    var position: SourcePosition
    var ownerType: String?
    /// The enclosing function, initializer, or static/computed property member name.
    var ownerFunction: String?
    var site: WiringSite
    /// The property being initialised or assigned, or the parameter whose default this is.
    var member: String?
    /// The call has arguments (something is handed to the new instance).
    var hasArguments: Bool
    /// Inside the factory closure of a registration for this service.
    var registeredService: String?
    /// Written in an extension (of a protocol, the builder finds out).
    var isInExtension: Bool
    /// The call as written, shortened for messages.
    var text: String
}

/// A call `x.resolve(Y.self)`: something is fetched from a container.
struct ResolutionFact: Sendable {
    /// The resolved type, when the call names it.
    var typeName: String?
    var position: SourcePosition
    var ownerType: String?
    var ownerFunction: String?
    var site: WiringSite
    var registeredService: String?
    var text: String
}

/// A call `container.register(X.self) { … }`: a factory for X is put into a container.
struct RegistrationFact: Sendable {
    var service: String
    var position: SourcePosition
    var ownerType: String?
    var ownerFunction: String?
    /// `.inObjectScope(.container)` or `lifetime: .singleton`: the word, if written.
    var scope: String?
}

/// A use `x?.y` where `x` is a plain name or `self.x`.
struct OptionalChainFact: Sendable {
    var propertyName: String
    var ownerType: String?
    var position: SourcePosition
    var text: String
    /// `x!` rather than `x?.member`.
    var isForceUnwrap = false
}
