/// What the analysis may be told about types it cannot see: the modules the analysed files import.
///
/// A learner's file names `TwitterClient`, `SystemClock` and `SocialPostOutput`, which live in the
/// project's `Domain` module. Without being told, the analysis cannot know that `TwitterClient` is a
/// volatile dependency (it reaches a network) while `Post` is a plain value. The caller can learn a
/// vocabulary from those modules' sources once (`learned(from:)`) and pass it to every analysis.
///
/// When the vocabulary is empty, the analysis falls back to heuristics; see `WiringAnalyzer`.
public struct WiringVocabulary: Sendable, Hashable, Codable {
    /// Protocols a type can depend on (`Clock`, `Logger`, `SocialPostOutput`).
    package var abstractions: Set<String>
    /// Concrete types that implement an abstraction and so are volatile dependencies: creating one
    /// inside a consumer hard-wires it (`TwitterClient`, `SystemClock`, `UserRouter`).
    package var volatileTypes: Set<String>
    /// Plain values that are never a dependency (`Post`, `User`, `SocialNetwork`).
    package var valueTypes: Set<String>
    /// Concrete types from elsewhere that the caller accepts as a Local Default: a default argument
    /// or settable property value of one of these is not reported as a Foreign Default (a
    /// lesson's `tolerated-defaults`).
    package var localDefaults: Set<String>
    /// What each type conforms to, and what each protocol refines.
    package var conformances: [String: Set<String>]
    /// The property requirements of protocols, by protocol: member name to the type it asks for.
    /// Used for Cake `UsesX` protocols declared elsewhere (`UsesClock` asks for `clock: any Clock`).
    package var requirements: [String: [String: String]]
    /// The kind of each type, so that nodes of types declared elsewhere still show what they are.
    package var kinds: [String: WiringNode.Kind]

    package init(
        abstractions: Set<String> = [], volatileTypes: Set<String> = [], valueTypes: Set<String> = [],
        localDefaults: Set<String> = [], conformances: [String: Set<String>] = [:],
        requirements: [String: [String: String]] = [:], kinds: [String: WiringNode.Kind] = [:]
    ) {
        self.abstractions = abstractions
        self.volatileTypes = volatileTypes
        self.valueTypes = valueTypes
        self.localDefaults = localDefaults
        self.conformances = conformances
        self.requirements = requirements
        self.kinds = kinds
    }

    /// No knowledge at all: the analysis relies on its heuristics alone.
    public static let empty = WiringVocabulary()

    /// Whether the caller told the analysis nothing about volatile types.
    package var isEmpty: Bool {
        abstractions.isEmpty && volatileTypes.isEmpty
    }

    /// Learns a vocabulary from the sources of the modules the analysed files import.
    ///
    /// Every protocol declared there is an abstraction; every class, struct, enum or actor that
    /// conforms to one of them (directly, or through protocols that refine it) is a volatile type;
    /// every other struct or enum is a value. Errors are neither. For DIDojo, pass `Sources/Domain`
    /// and the lesson's module.
    package static func learned(from files: [SourceFile]) -> WiringVocabulary {
        var facts = SourceFacts()
        for file in files {
            facts.append(SourceScanner.scan(file))
        }
        return learned(from: facts)
    }

    /// Learns a vocabulary from what was already read of the files (`SourceScanner.scan`).
    static func learned(from facts: SourceFacts) -> WiringVocabulary {
        var vocabulary = WiringVocabulary()
        for type in facts.types where type.enclosingType == nil || type.kind == .protocol {
            vocabulary.kinds[type.name] = WiringNode.Kind(type.kind)
            if type.kind == .protocol {
                vocabulary.abstractions.insert(type.name)
            }
            vocabulary.conformances[type.name, default: []].formUnion(type.inherited)
        }
        for extensionFact in facts.extensions where !extensionFact.inherited.isEmpty {
            vocabulary.conformances[extensionFact.extendedType, default: []].formUnion(extensionFact.inherited)
        }
        for property in facts.properties where property.isProtocolRequirement {
            if let owner = property.ownerType, let typeName = property.type?.names.first {
                vocabulary.requirements[owner, default: [:]][property.name] = typeName
            }
        }
        for type in facts.types where type.kind != .protocol && type.enclosingType == nil {
            let conformed = vocabulary.allConformances(of: type.name)
            if conformed.contains(where: { $0 == "Error" || $0 == "LocalizedError" }) { continue }
            if conformed.contains(where: vocabulary.abstractions.contains) {
                vocabulary.volatileTypes.insert(type.name)
            } else if type.kind == .struct || type.kind == .enum {
                vocabulary.valueTypes.insert(type.name)
            }
        }
        return vocabulary
    }

    /// Both vocabularies together (for the domain module and a lesson module, say).
    package func merging(_ other: WiringVocabulary) -> WiringVocabulary {
        var merged = self
        merged.abstractions.formUnion(other.abstractions)
        merged.volatileTypes.formUnion(other.volatileTypes)
        merged.valueTypes.formUnion(other.valueTypes)
        merged.localDefaults.formUnion(other.localDefaults)
        merged.conformances.merge(other.conformances) { $0.union($1) }
        merged.requirements.merge(other.requirements) { $0.merging($1) { first, _ in first } }
        merged.kinds.merge(other.kinds) { first, _ in first }
        // A type that is volatile in one module is not a plain value in the other.
        merged.valueTypes.subtract(merged.volatileTypes)
        return merged
    }

    /// What `name` conforms to, following protocols that refine others.
    func allConformances(of name: String) -> Set<String> {
        Self.allConformances(of: name, in: conformances)
    }

    /// What `name` conforms to in `conformances` (each type's declared conformances),
    /// following protocols that refine others.
    static func allConformances(of name: String, in conformances: [String: Set<String>]) -> Set<String> {
        var seen: Set<String> = []
        var pending = Array(conformances[name] ?? [])
        while let next = pending.popLast() {
            guard seen.insert(next).inserted else { continue }
            pending += conformances[next] ?? []
        }
        return seen
    }
}
