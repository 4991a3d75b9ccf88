/// The wiring of some Swift files: types and functions as nodes, their relations as edges.
package struct WiringGraph: Sendable, Hashable, Codable {
    /// Every node, types first in the order they are declared, then external ones by name.
    package let nodes: [WiringNode]
    /// Every edge, in source order.
    package let edges: [WiringEdge]
    /// The places that build the graph.
    package let compositionRoots: [CompositionRoot]
    /// Container registrations, in source order.
    package let registrations: [ContainerRegistration]

    package init(nodes: [WiringNode], edges: [WiringEdge], compositionRoots: [CompositionRoot], registrations: [ContainerRegistration]) {
        self.nodes = nodes
        self.edges = edges
        self.compositionRoots = compositionRoots
        self.registrations = registrations
    }

    /// The node called `name`.
    package func node(named name: String) -> WiringNode? {
        nodes.first { $0.name == name }
    }

    /// The edges that leave `name`, optionally of one kind.
    package func edges(from name: String, kind: WiringEdge.Kind? = nil) -> [WiringEdge] {
        edges.filter { $0.from == name && (kind == nil || $0.kind == kind) }
    }

    /// Whether an edge of `kind` goes from `from` to `to`.
    package func hasEdge(from: String, to: String, kind: WiringEdge.Kind) -> Bool {
        edges.contains { $0.from == from && $0.to == to && $0.kind == kind }
    }
}
