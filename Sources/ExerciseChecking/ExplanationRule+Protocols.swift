/// Protocols and the types that stand behind them: conformances that lack something, test
/// doubles that are structs, and identity (`===`) on protocol values.
extension ExplanationRule {
    static let protocols: [ExplanationRule] = [
        requirementTypeMismatch, mutatingCandidate, missingRequirement, classOnlyProtocol, identityNeedsObjects, mutatingOnLet,
    ]

    /// "type 'MixInReadFileService' does not conform to protocol 'UsesClock'" with the notes
    /// "candidate has non-matching type 'SystemClock'" and "protocol requires property 'clock'
    /// with type 'any Clock'".
    static let requirementTypeMismatch = ExplanationRule("requirement-type-mismatch", message: doesNotConform, isRootCause: true) { match in
        let (type, protocolName) = (match.captures[0], match.captures[1])
        guard let candidate = match.note("candidate has non-matching type '(.+)'")?.captures[0],
              let required = match.note("protocol requires property '(\\w+)' with type '(.+)'")?.captures else { return nil }
        let (property, requiredType) = (required[0], required[1])
        return "`\(type)` has a `\(property)`, but of type `\(candidate)`, and `\(protocolName)` requires exactly `\(requiredType)`. Declare it with that type, keeping its value: `\(property): \(requiredType) = …`."
    }

    /// "type 'SpySocialClient' does not conform to protocol 'SocialPostOutput'" with the note
    /// "candidate is marked 'mutating' but protocol does not allow it": a struct test double.
    static let mutatingCandidate = ExplanationRule("mutating-candidate", message: doesNotConform, isRootCause: true) { match in
        let (type, protocolName) = (match.captures[0], match.captures[1])
        guard match.note("candidate is marked 'mutating' but protocol does not allow it") != nil else { return nil }
        return "`\(type)` is a struct whose `mutating` methods cannot fulfil `\(protocolName)`, which does not allow `mutating`. Make it a class (`final class \(type)`) with plain methods: a test double that records must be a class anyway, so that the code under test and the test share one instance and the test sees what was recorded."
    }

    /// "type 'SpySocialClient' does not conform to protocol 'SocialPostOutput'" with the notes
    /// "protocol requires function 'post(_:image:)' with type …", and nothing else wrong.
    static let missingRequirement = ExplanationRule("missing-requirement", message: doesNotConform, isRootCause: true) { match in
        let (type, protocolName) = (match.captures[0], match.captures[1])
        let required = match.notes("protocol requires (?:static )?(?:property|function|initializer|subscript|nested type) '(.+)' with type '(.+)'")
        guard !required.isEmpty, match.diagnostic.notes.allSatisfy({ !$0.message.hasPrefix("candidate") }) else { return nil }
        let (name, requiredType) = (required[0].captures[0], required[0].captures[1])
        let missing = listed(required.map { "`\($0.captures[0])` (of type `\($0.captures[1])`)" })
        if protocolName == "DependencyKey", name == "liveValue" {
            return "`\(type)` is a dependency key, so it must say which value the app uses: add `static let liveValue = \(type)(…)` with the real endpoints."
        }
        if protocolName.hasPrefix("Uses") {
            return "`\(type)` adopts `\(protocolName)` (directly, or through a protocol that inherits it) but does not supply \(missing). In the Cake pattern the class that mixes a dependency in supplies it: add `let \(name): \(requiredType) = …` to `\(type)`."
        }
        if type.contains(try! Regex("Mock|Spy|Stub|Fake|Dummy|Recording|Recorder")) {
            return "`\(type)` stands in for a `\(protocolName)`, so it must have everything the protocol requires; it lacks \(missing). Add it: a test double may simply record the call."
        }
        return "`\(type)` says it conforms to `\(protocolName)`, but it lacks \(missing). Add it, with exactly that name and type."
    }

    /// "non-class type 'SpyUserRouter' cannot conform to class protocol 'UserWireframe'".
    static let classOnlyProtocol = ExplanationRule(
        "class-only-protocol", message: "non-class type '(\\w+)' cannot conform to class protocol '(\\w+)'", isRootCause: true
    ) { match in
        let (type, protocolName) = (match.captures[0], match.captures[1])
        return "`\(protocolName)` is for classes only (it is declared `: AnyObject`), so `\(type)` must be a class: `final class \(type)`. A test double that records is a class anyway: the code under test and the test must share one instance, so that the test sees what was done."
    }

    /// "argument type 'any Logger' expected to be an instance of a class or class-constrained
    /// type" on a line comparing with `===` or `!==`.
    static let identityNeedsObjects = ExplanationRule(
        "identity-needs-objects", message: "argument type 'any (\\w+)' expected to be an instance of a class or class-constrained type"
    ) { match in
        let protocolName = match.captures[0]
        guard let line = match.sourceLine, line.contains("===") || line.contains("!==") else { return nil }
        return "`===` asks whether two references point to the same object, and an `any \(protocolName)` may hold a struct (`\(protocolName)` is not limited to classes), which is no object. Turn both sides into objects first, with `as AnyObject`: a class instance keeps its identity, while two struct values never count as the same object."
    }

    /// "cannot use mutating member on immutable value: 'sent' is a 'let' constant" in the
    /// learner's file.
    static let mutatingOnLet = ExplanationRule(
        "mutating-on-let", message: "cannot use mutating member on immutable value: '(\\w+)' is a 'let' constant"
    ) { match in
        let name = match.captures[0]
        guard match.place == .learnerFile else { return nil }
        return "`\(name)` is a `let` that holds a value (not an object), and this member is `mutating`: it would change that value in place, which a constant does not allow. Declare `\(name)` with `var`, or make its type a class."
    }

    private static let doesNotConform = "type '(\\w+)' does not conform to protocol '(\\w+)'"
}
