/// Something in the wiring that looks like a known Dependency Injection mistake.
///
/// Findings come from heuristics, so their sentences say "looks like": they point at a line worth
/// a second look, never prove a fault. A check should fail on a finding only when the exercise asks
/// for it (through a `WiringRule`).
package struct WiringFinding: Sendable, Hashable, Codable {
    /// The mistake a finding names, with its stable id for manifests and JSON.
    package enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        /// A type creates a volatile dependency it could be given (Control Freak, Seemann & van Deursen).
        case hardWiredDependency = "hard-wired-dependency"
        /// A default argument or settable property value of a concrete type from another module
        /// (Foreign Default, the heart of "Bastard Injection").
        case foreignDefault = "foreign-default"
        /// A container is resolved outside the composition root (Service Locator).
        case serviceLocator = "service-locator"
        /// A child holds its owner strongly: a retain cycle in the making.
        case strongBackReference = "strong-back-reference"
        /// An optional injected property is used with `?.`, so a missing value is skipped in silence.
        case setterWithSilentFallback = "setter-with-silent-fallback"
        /// A Cake `UsesX` requirement is satisfied by a protocol extension.
        case cakeDefault = "cake-default"

        /// The stable id (`hard-wired-dependency`, …).
        package var id: String { rawValue }

        /// The name a learner reads: "hard-wired dependency".
        package var title: String {
            switch self {
            case .hardWiredDependency: "hard-wired dependency"
            case .foreignDefault: "foreign default"
            case .serviceLocator: "service locator"
            case .strongBackReference: "strong back-reference"
            case .setterWithSilentFallback: "setter with a silent fallback"
            case .cakeDefault: "Cake default"
            }
        }
    }

    package let kind: Kind
    package let file: String
    package let line: Int
    /// The type (or function) the finding is about.
    package let type: String
    /// The property, parameter or function involved, if one can be named.
    package let member: String?
    /// The other type involved: the one created, resolved, held or defaulted to.
    package let target: String?
    /// One sentence for the learner, phrased as a heuristic ("looks like …").
    package let message: String

    package init(kind: Kind, file: String, line: Int, type: String, member: String?, target: String?, message: String) {
        self.kind = kind
        self.file = file
        self.line = line
        self.type = type
        self.member = member
        self.target = target
        self.message = message
    }
}
