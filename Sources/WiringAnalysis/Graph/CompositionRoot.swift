/// A place that builds the object graph: where concrete types may be created and handed over.
///
/// Found by heuristics (see `WiringAnalyzer`); `reason` says which one matched.
package struct CompositionRoot: Sendable, Hashable, Codable {
    /// Why the analysis takes this for a composition root.
    package enum Reason: String, Sendable, Hashable, Codable, CaseIterable {
        /// A function named `assemble…` (`assembleModule`, Swinject's `Assembly.assemble(container:)`).
        case assemblesModule
        /// A function that registers factories in a container, or creates the container.
        case registersInContainer
        /// A `make…`/`build…`/`compose…`/`create…` factory that creates several types or hands
        /// values to what it creates.
        case factory
        /// Statements at file scope (`main.swift`), a `@main` type, a type with a static `main` or
        /// `run`, an ArgumentParser command, or a function named `main` or `run`.
        case entryPoint
        /// A Cake mix-in class: it supplies `UsesX` requirements.
        case cakeMixIn
        /// A type that conforms to a protocol Swinject or a coordinator uses to build things
        /// (`Assembly`, `…Dependencies`, `…Factory`), or is named as a container or composition.
        case containerType
        /// A swift-dependencies `liveValue`, `testValue` or `previewValue`.
        case dependencyKeyValue
        /// A test: it composes the subject with test doubles.
        case test
    }

    /// The node that is the root.
    package let node: String
    package let reason: Reason
    package let file: String
    package let line: Int

    package init(node: String, reason: Reason, file: String, line: Int) {
        self.node = node
        self.reason = reason
        self.file = file
        self.line = line
    }
}
