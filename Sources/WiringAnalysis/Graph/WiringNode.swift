/// One box of the wiring graph: a type, or a function that wires types together.
package struct WiringNode: Sendable, Hashable, Codable {
    /// What a node stands for.
    package enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        case `class`, `struct`, `enum`, actor, `protocol`
        /// A free function or a static method that builds part of the graph (`makePresenter(for:)`).
        case function
        /// Statements at file scope: a `main.swift`.
        case topLevelCode
        /// A swift-dependencies value reached by key path (`\.date.now`) whose type is not known.
        case dependencyValue
        /// A type declared elsewhere whose kind is not known.
        case unknown

        init(_ kind: TypeFact.Kind) {
            switch kind {
            case .class: self = .class
            case .struct: self = .struct
            case .enum: self = .enum
            case .actor: self = .actor
            case .protocol: self = .protocol
            }
        }
    }

    /// The node's name and identity in the graph: `SocialPresenter`, `UserRouter.assembleModule(services:)`,
    /// `main.swift`, `\.date.now`.
    package let name: String
    package let kind: Kind
    /// The file that declares it; nil for an external node.
    package let file: String?
    /// The line of its declaration; nil for an external node.
    package let line: Int?
    /// An abstraction: a protocol, or a type written as `any X`/`some X`.
    package let isProtocol: Bool
    /// Declared outside the analysed files (in `Domain`, a lesson module, a library).
    package let isExternal: Bool
    /// A creation of this type inside a consumer hard-wires a volatile dependency.
    package let isVolatile: Bool
    /// This node creates the graph (see `CompositionRoot`).
    package let isCompositionRoot: Bool

    package init(
        name: String, kind: Kind, file: String?, line: Int?, isProtocol: Bool, isExternal: Bool,
        isVolatile: Bool, isCompositionRoot: Bool
    ) {
        self.name = name
        self.kind = kind
        self.file = file
        self.line = line
        self.isProtocol = isProtocol
        self.isExternal = isExternal
        self.isVolatile = isVolatile
        self.isCompositionRoot = isCompositionRoot
    }
}
