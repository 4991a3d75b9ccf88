/// A kind of small change the generator makes to a correct answer: the general ones any
/// mutation tool knows, and the ones about Dependency Injection that this course teaches.
package enum MutationOperator: String, Sendable, Codable, CaseIterable, Comparable {
    // General
    /// Leaves out one statement.
    case deleteStatement = "delete-statement"
    /// Uses another value of the same type in scope (`now` → `item.due`), or in a literal of
    /// cases another case it uses (`.clean` → `.controlFreak`).
    case replaceValue = "replace-value"
    /// Flips or loosens a comparison (`<=` → `<`, `==` → `!=`).
    case comparison
    /// Passes two arguments of the same type the other way round.
    case swapArguments = "swap-arguments"
    /// Changes a number or a Boolean constant.
    case constant
    /// Goes through a sequence in reverse.
    case reverseIteration = "reverse-iteration"
    /// Leaves a loop no more at a `return`, `break` or `continue`.
    case loopExit = "loop-exit"
    /// `try` → `try?`: an error is ignored.
    case tryOptional = "try-optional"
    /// A `throw` left out: an error is swallowed.
    case dropThrow = "drop-throw"
    /// Another error thrown.
    case replaceError = "replace-error"

    // Dependency Injection
    /// The injected dependency replaced by a concrete creation or an ambient/global one.
    case hardWire = "hard-wire"
    /// The injected value read from the ambient context's scope instead.
    case ambientScope = "ambient-scope"
    /// A per-call creation hoisted into a stored property, a stored one sunk into each use,
    /// or a container's scope changed.
    case lifetimeShift = "lifetime-shift"
    /// `weak` ↔ strong, `unowned`.
    case referenceStrength = "reference-strength"
    /// A `resolve` moved from the composition root into the consumer.
    case resolveLeak = "resolve-leak"
    /// An injected parameter given a default of a concrete type.
    case defaultInjection = "default-injection"

    /// Whether the operator is one of the Dependency Injection ones.
    package var isAboutInjection: Bool {
        switch self {
        case .hardWire, .ambientScope, .lifetimeShift, .referenceStrength, .resolveLeak, .defaultInjection: true
        default: false
        }
    }

    package static func < (lhs: MutationOperator, rhs: MutationOperator) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
