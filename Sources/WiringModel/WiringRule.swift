/// A structural rule an exercise manifest sets on the learner's file, under `wiring:`.
///
/// ```yaml
/// wiring:
///   - rule: no-concrete-creation
///     in: SocialPresenter
///     of: [TwitterClient, FacebookClient]
///     message: "SocialPresenter still creates a TwitterClient itself …"
/// ```
///
/// Keys: `rule` (one of `WiringRule.Kind`), `in` (a type, or a list; for
/// `no-container-resolve-outside` the types and functions allowed to resolve), `of` (the concrete
/// types, for `no-concrete-creation`), `protocol` and `member` (for `no-protocol-extension-default`),
/// `property` (for `weak-reference` and `no-optional-chaining-on`) and `message` (shown to the
/// learner when the rule is broken). Decoding fails, with a message naming the rule and what is
/// allowed, for an unknown rule, an unknown key or a missing one.
package struct WiringRule: Sendable, Hashable, Codable {
    /// The rule kinds, by their manifest names.
    package enum Kind: String, Sendable, Hashable, CaseIterable, Codable {
        /// `in` creates none of `of`, anywhere: initializer, default argument, stored property's
        /// initial value, lazy var, computed property, method body.
        case noConcreteCreation = "no-concrete-creation"
        /// No initializer or method parameter of `in` has a default value that constructs a type
        /// (`= TwitterClient()`) or takes a type's shared instance (`= TerminalScreen.standard`).
        /// Standard-library and Foundation types (`= Date()`) do not count.
        case noDefaultArgumentOfConcreteType = "no-default-argument-of-concrete-type"
        /// No extension of `protocol`, or of a protocol that refines it, provides `member`.
        case noProtocolExtensionDefault = "no-protocol-extension-default"
        /// `property` of `in` is declared `weak` or `unowned`.
        case weakReference = "weak-reference"
        /// No `.resolve(…)` call outside the types and functions listed in `in`.
        case noContainerResolveOutside = "no-container-resolve-outside"
        /// `property` of `in` is never used with `?.`.
        case noOptionalChainingOn = "no-optional-chaining-on"
        /// `property` of `in` is a stored `let`: an injected dependency nobody swaps later.
        case immutableProperty = "immutable-property"
        /// `property` of `in` is never force-unwrapped (`property!`).
        case noForceUnwrap = "no-force-unwrap"

        /// Every kind's manifest name, for messages.
        package static var allowedNames: String {
            allCases.map(\.rawValue).joined(separator: ", ")
        }

        /// The keys a rule of this kind must have, besides `rule`.
        var requiredKeys: [CodingKeys] {
            switch self {
            case .noConcreteCreation: [.in, .of]
            case .noDefaultArgumentOfConcreteType: [.in]
            case .noProtocolExtensionDefault: [.protocol, .member]
            case .weakReference, .noOptionalChainingOn, .immutableProperty, .noForceUnwrap: [.in, .property]
            case .noContainerResolveOutside: []
            }
        }

        /// The keys a rule of this kind may have.
        var allowedKeys: [CodingKeys] {
            switch self {
            case .noConcreteCreation: [.rule, .in, .of, .message]
            case .noDefaultArgumentOfConcreteType: [.rule, .in, .message]
            case .noProtocolExtensionDefault: [.rule, .protocol, .member, .message]
            case .weakReference, .noOptionalChainingOn, .immutableProperty, .noForceUnwrap: [.rule, .in, .property, .message]
            case .noContainerResolveOutside: [.rule, .in, .message]
            }
        }
    }

    package let kind: Kind
    /// The `in` key: the types the rule is about (for `no-container-resolve-outside`, the types and
    /// functions allowed to resolve).
    package let inside: [String]
    /// The `of` key: the concrete types that must not be created.
    package let of: [String]
    /// The `protocol` key.
    package let protocolName: String?
    /// The `member` key.
    package let member: String?
    /// The `property` key.
    package let property: String?
    /// The `message` key: what the learner reads when the rule is broken (a default sentence when absent).
    package let message: String

    package init(
        kind: Kind, inside: [String] = [], of: [String] = [], protocolName: String? = nil, member: String? = nil,
        property: String? = nil, message: String? = nil
    ) {
        self.kind = kind
        self.inside = inside
        self.of = of
        self.protocolName = protocolName
        self.member = member
        self.property = property
        self.message = message ?? Self.defaultMessage(kind, inside: inside, of: of, protocolName: protocolName, member: member, property: property)
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case rule, `in`, of, `protocol`, member, property, message
    }

    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let name = try container.decode(String.self, forKey: .rule)
        guard let kind = Kind(rawValue: name) else {
            throw DecodingError.dataCorruptedError(
                forKey: .rule, in: container,
                debugDescription: "'\(name)' is not a wiring rule. Allowed: \(Kind.allowedNames)."
            )
        }
        let allowed = kind.allowedKeys.map(\.rawValue)
        for key in try decoder.container(keyedBy: AnyKey.self).allKeys where !allowed.contains(key.stringValue) {
            throw DecodingError.dataCorruptedError(
                forKey: .rule, in: container,
                debugDescription: "The wiring rule '\(name)' has no key '\(key.stringValue)'. Allowed: \(allowed.joined(separator: ", "))."
            )
        }
        for key in kind.requiredKeys where !container.contains(key) {
            throw DecodingError.keyNotFound(key, DecodingError.Context(
                codingPath: container.codingPath,
                debugDescription: "The wiring rule '\(name)' needs '\(key.rawValue)': \(Self.purpose(of: key, in: kind))."
            ))
        }
        self.init(
            kind: kind,
            inside: try Self.decodeNames(container, .in),
            of: try Self.decodeNames(container, .of),
            protocolName: try container.decodeIfPresent(String.self, forKey: .protocol),
            member: try container.decodeIfPresent(String.self, forKey: .member),
            property: try container.decodeIfPresent(String.self, forKey: .property),
            message: try container.decodeIfPresent(String.self, forKey: .message)
        )
    }

    /// Writes the rule as a manifest spells it (a list for `in` and `of`), so that a decoded
    /// manifest can be kept and read back.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind.rawValue, forKey: .rule)
        if !inside.isEmpty { try container.encode(inside, forKey: .in) }
        if !of.isEmpty { try container.encode(of, forKey: .of) }
        try container.encodeIfPresent(protocolName, forKey: .protocol)
        try container.encodeIfPresent(member, forKey: .member)
        try container.encodeIfPresent(property, forKey: .property)
        try container.encode(message, forKey: .message)
    }

    /// A name, or a list of names.
    private static func decodeNames(_ container: KeyedDecodingContainer<CodingKeys>, _ key: CodingKeys) throws -> [String] {
        guard container.contains(key) else { return [] }
        if let single = try? container.decode(String.self, forKey: key) {
            return [single]
        }
        return try container.decode([String].self, forKey: key)
    }

    private static func purpose(of key: CodingKeys, in kind: Kind) -> String {
        switch key {
        case .in: kind == .noConcreteCreation || kind == .noDefaultArgumentOfConcreteType ? "the type to look in" : "the type that declares the property"
        case .of: "the concrete types that must not be created"
        case .protocol: "the protocol whose extensions must not provide the member"
        case .member: "the requirement no extension may provide"
        case .property: "the property to look at"
        case .rule, .message: "a value"
        }
    }

    private static func defaultMessage(
        _ kind: Kind, inside: [String], of: [String], protocolName: String?, member: String?, property: String?
    ) -> String {
        let owner = inside.joined(separator: ", ")
        switch kind {
        case .noConcreteCreation:
            return "\(owner) should not create \(of.joined(separator: " or ")) itself: receive it instead."
        case .noDefaultArgumentOfConcreteType:
            return "\(owner) should not choose a concrete type in a default argument: let the caller pass it."
        case .noProtocolExtensionDefault:
            return "No extension of \(protocolName ?? "the protocol") should provide `\(member ?? "")`: every mix-in must supply it."
        case .weakReference:
            return "\(owner).\(property ?? "") should be `weak`, so that it does not keep its owner alive."
        case .noContainerResolveOutside:
            return inside.isEmpty
                ? "Nothing should call `resolve` on a container here."
                : "Only \(owner) should call `resolve` on a container."
        case .noOptionalChainingOn:
            return "\(owner).\(property ?? "") should not be used with `?.`: a missing value must fail loudly."
        case .immutableProperty:
            return "\(owner).\(property ?? "") should be a `let`: a dependency given in `init` is not swapped afterwards."
        case .noForceUnwrap:
            return "\(owner).\(property ?? "") should not be force-unwrapped with `!`: say what is missing instead of crashing."
        }
    }
}
