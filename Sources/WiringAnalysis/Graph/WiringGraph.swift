/// The wiring of some Swift files: types and functions as nodes, their relations as edges.
public struct WiringGraph: Sendable, Hashable, Codable {
    /// Every node, types first in the order they are declared, then external ones by name.
    public let nodes: [WiringNode]
    /// Every edge, in source order.
    public let edges: [WiringEdge]
    /// The places that build the graph.
    public let compositionRoots: [CompositionRoot]
    /// Container registrations, in source order.
    public let registrations: [ContainerRegistration]

    public init(nodes: [WiringNode], edges: [WiringEdge], compositionRoots: [CompositionRoot], registrations: [ContainerRegistration]) {
        self.nodes = nodes
        self.edges = edges
        self.compositionRoots = compositionRoots
        self.registrations = registrations
    }

    /// The node called `name`.
    public func node(named name: String) -> WiringNode? {
        nodes.first { $0.name == name }
    }

    /// The edges that leave `name`, optionally of one kind.
    public func edges(from name: String, kind: WiringEdge.Kind? = nil) -> [WiringEdge] {
        edges.filter { $0.from == name && (kind == nil || $0.kind == kind) }
    }

    /// Whether an edge of `kind` goes from `from` to `to`.
    public func hasEdge(from: String, to: String, kind: WiringEdge.Kind) -> Bool {
        edges.contains { $0.from == from && $0.to == to && $0.kind == kind }
    }
}
