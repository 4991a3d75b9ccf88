/// One arrow of the wiring graph: who needs, creates, holds or resolves whom, and where it is written.
package struct WiringEdge: Sendable, Hashable, Codable {
    /// The relation an arrow stands for.
    package enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        /// Needs an abstraction, handed in: an initializer or method parameter, a settable or stored
        /// property, a `@Dependency`, a Cake `UsesX` requirement.
        case dependsOn
        /// Creates a concrete type: `TypeName(…)`.
        case creates
        /// Keeps a concrete type in a strong stored property.
        case holdsStrongly
        /// Keeps something in a `weak` or `unowned` property.
        case holdsWeakly
        /// Fetches something from a DI container with `resolve`.
        case resolvesFromContainer
    }

    package let from: String
    package let to: String
    package let kind: Kind
    /// Where in `from` the relation is written.
    package let site: WiringSite
    /// The property, parameter or function involved (`client`, `output`, `share(_:)`); nil when
    /// nothing more precise than the owner can be named.
    package let member: String?
    package let file: String
    package let line: Int

    package init(from: String, to: String, kind: Kind, site: WiringSite, member: String?, file: String, line: Int) {
        self.from = from
        self.to = to
        self.kind = kind
        self.site = site
        self.member = member
        self.file = file
        self.line = line
    }
}
