/// Where in its owner a creation, resolution or dependency happens.
package enum WiringSite: String, Sendable, Codable, CaseIterable {
    /// A stored property that only the type itself assigns (`let`, or `private var`).
    case storedProperty
    /// A `var` anyone may assign after creation: setter (property) injection.
    case settableProperty
    case lazyProperty
    case computedProperty
    case staticProperty
    case initializerParameter
    case methodParameter
    case defaultArgument
    /// The initial value of a stored property (`let client = TwitterClient()`).
    case propertyInitialiser
    case initializerBody
    case methodBody
    case functionBody
    case topLevelCode
    /// A requirement in a protocol body.
    case protocolRequirement
    /// A `UsesX` protocol a type or protocol adopts (Cake Pattern).
    case cakeRequirement
    /// A `@Dependency` property or variable (swift-dependencies).
    case dependencyProperty
    /// Inside a container registration's factory closure.
    case containerRegistration
}
