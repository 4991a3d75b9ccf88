/// Stored properties: how dependencies are kept, set and initialised (`let` or `var`, weak,
/// optional, private), and values of the wrong type for them.
extension ExplanationRule {
    static let properties: [ExplanationRule] = [
        setterInjectionLet, setterInjectionPrivateSetter, checksUsePrivate, uninitialisedProperty, selfBeforeInitialised,
        noInitializers, weakMustBeOptional, propertyWrapperNeedsVar, concretePropertyForProtocolValue, optionalMember,
    ]

    /// "cannot assign to property: 'logger' is a 'let' constant" in the checks.
    static let setterInjectionLet = ExplanationRule(
        "setter-injection-let", message: "cannot assign to property: '(\\w+)' is a 'let' constant"
    ) { match in
        let property = match.captures[0]
        guard match.place == .checks else { return nil }
        return "The checks set `\(property)` after creating the object, as setter injection does, so it must be a variable: declare it with `var` instead of `let`."
    }

    /// "cannot assign to property: 'output' setter is inaccessible" in the checks.
    static let setterInjectionPrivateSetter = ExplanationRule(
        "setter-injection-private-setter", message: "cannot assign to property: '(\\w+)' setter is inaccessible"
    ) { match in
        let property = match.captures[0]
        guard match.place == .checks else { return nil }
        return "The checks set `\(property)` from outside the class, as setter injection does, but its setter is private (`private(set)`). Remove `private(set)`: whoever injects the dependency must be able to set it."
    }

    /// "'logger' is inaccessible due to 'private' protection level" in the checks.
    static let checksUsePrivate = ExplanationRule(
        "checks-use-private", message: "'(\\w+)' is inaccessible due to '(private|fileprivate)' protection level"
    ) { match in
        let (name, level) = (match.captures[0], match.captures[1])
        guard match.place == .checks else { return nil }
        return "The checks use `\(name)` from outside your type, but it is `\(level)`. Remove `\(level)`: the checks can use everything in your file that is not private."
    }

    /// "return from initializer without initializing all stored properties", with the note
    /// naming a property of the learner's file.
    static let uninitialisedProperty = ExplanationRule(
        "uninitialised-property", message: "return from initializer without initializing all stored properties"
    ) { match in
        let unset = match.notes("'self\\.(\\w+)' not initialized").filter { $0.note.file == match.context.learnerFile }
        guard match.place == .learnerFile, let first = unset.first else { return nil }
        let property = first.captures[0]
        if unset.count == 1, let declaration = match.context.sourceLine(of: first.note),
           declaration.contains(try! Regex("\\bweak\\s+let\\b")) {
            return "`\(property)` is declared `weak let`: a constant, which must get its value in `init`. A weak reference that is set after the object is made must be a `weak var`, which starts as nil."
        }
        let names = listed(unset.map { "`\($0.captures[0])`" })
        let (has, it) = unset.count == 1 ? ("has", "it") : ("have", "each")
        return "When `init` ends, \(names) still \(has) no value, and an initializer must give every stored property one. Assign \(it) in `init` (from a parameter, if it is a dependency to inject)."
    }

    /// "'self' used in method call 'stamped' before all stored properties are initialized".
    static let selfBeforeInitialised = ExplanationRule(
        "self-before-initialised", message: "'self' used in method call '(\\w+)' before all stored properties are initialized"
    ) { match in
        let method = match.captures[0]
        guard match.place == .learnerFile, let property = match.note("'self\\.(\\w+)' not initialized")?.captures[0] else { return nil }
        return "`\(method)` is a method, called on `self` before `\(property)` has a value; a method may use any property, so Swift allows the call only once all of them are set. Assign every stored property first (the injected dependencies too), then call methods."
    }

    /// "class 'SocialPresenter' has no initializers", because of a stored property of the
    /// learner's file without a value.
    static let noInitializers = ExplanationRule("no-initializers", message: "class '(\\w+)' has no initializers") { match in
        let type = match.captures[0]
        guard match.place == .learnerFile,
              let (note, property) = match.note("stored property '(\\w+)' without initial value prevents synthesized initializers")
                .map({ ($0.note, $0.captures[0]) }),
              note.file == match.context.learnerFile,
              let declaration = match.context.sourceLine(of: note),
              // A wrapped property (`@Dependency`) gets its value from the wrapper, not from `init`.
              !declaration.contains("@") else { return nil }
        if declaration.contains(try! Regex("\\blet\\s+\(property)\\s*:[^=]*\\?\\s*$")) {
            return "`\(property)` is a `let` with no value, and an optional `let` does not start as nil, so `\(type)` cannot be created without an `init` that sets it. If it is set after the object is made (setter injection), declare it with `var`: an optional `var` starts as nil."
        }
        return "`\(type)` has no `init`, and `\(property)` has no value to start with. Add an `init` that assigns it (from a parameter, to inject it), or give it a value where it is declared."
    }

    /// "'weak' variable should have optional type '(any UserView)?'".
    static let weakMustBeOptional = ExplanationRule(
        "weak-must-be-optional", message: "'weak' variable should have optional type '(.+)'", isRootCause: true
    ) { match in
        let type = match.captures[0]
        return "A `weak` reference turns to nil when the object it points to goes away, so its type must be optional: `\(type)`. Keep the `weak` for a reference back to an owner: a strong one would make a retain cycle, and neither object would ever be freed."
    }

    /// "property wrapper can only be applied to a 'var'" (`@Dependency(…) let client`).
    static let propertyWrapperNeedsVar = ExplanationRule(
        "property-wrapper-needs-var", message: "property wrapper can only be applied to a 'var'", isRootCause: true
    ) { match in
        guard let line = match.sourceLine,
              let wrapper = line.firstMatch(of: try! Regex("@(\\w+)"))?.output[1].substring else { return nil }
        return "A property wrapper (`@\(wrapper)` here) makes the property a computed one that reads through the wrapper, and computed properties are declared with `var`: write `var` instead of `let`."
    }

    /// "cannot assign value of type 'any Clock' to type 'SystemClock'": an injected protocol
    /// value kept in a property of one concrete type.
    static let concretePropertyForProtocolValue = ExplanationRule(
        "concrete-property-for-protocol-value", message: "cannot assign value of type 'any (\\w+)' to type '(\\w+)'"
    ) { match in
        let (protocolName, concrete) = (match.captures[0], match.captures[1])
        guard match.place == .learnerFile else { return nil }
        return "The value is an `any \(protocolName)`, whatever `\(protocolName)` was handed in, but the property's type is `\(concrete)`, one concrete type. Declare the property as `any \(protocolName)` too, so that it can keep whatever is injected."
    }

    /// "value of optional type '…?' must be unwrapped to refer to member 'post' of wrapped
    /// base type '…'" in the learner's file.
    static let optionalMember = ExplanationRule(
        "optional-member", message: "value of optional type '(.+)' must be unwrapped to refer to member '(\\w+)' of wrapped base type '(.+)'"
    ) { match in
        let (optional, member, base) = (match.captures[0], match.captures[1], match.captures[2])
        guard match.place == .learnerFile, let line = match.sourceLine else { return nil }
        if line.contains(".resolve(") {
            return "Swinject's `resolve` returns an optional: nil when nothing is registered for the type. Inside a registration, `resolve(\(base).self)!` is the usual way: a missing registration then stops the program at once, at this line."
        }
        return "`\(member)` is called on a value of type `\(optional)`, which may be nil. Unwrap it with `guard let … else { … }` and say there what nil means (throw an error, so that a dependency nobody set fails loudly), rather than `?.`, which skips the call without a word, or `!`, which crashes."
    }
}
