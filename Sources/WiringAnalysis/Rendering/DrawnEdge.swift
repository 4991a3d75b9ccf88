/// The edges between two nodes, drawn as one arrow.
///
/// A presenter that stores `let output: any SocialPostOutput` and takes `init(output:)` has two
/// `dependsOn` edges to the same protocol; a drawing shows one arrow, labelled once. When the kinds
/// differ (created and then held), the arrow takes the kind that says most, in this order:
/// creates, resolves, depends on, holds weakly, holds strongly.
struct DrawnEdge: Sendable, Hashable {
    let from: String
    let to: String
    /// The kind the arrow is drawn as.
    let kind: WiringEdge.Kind
    /// Every kind among the edges, in priority order.
    let kinds: [WiringEdge.Kind]
    /// The members involved, in source order, without repeats.
    let members: [String]
    /// The lines involved, in order.
    let lines: [Int]

    static let priority: [WiringEdge.Kind] = [.creates, .resolvesFromContainer, .dependsOn, .holdsWeakly, .holdsStrongly]

    /// The graph's edges grouped by (from, to), in the order the first edge of each pair appears.
    static func bundle(_ edges: [WiringEdge]) -> [DrawnEdge] {
        var order: [[String]] = []
        var groups: [[String]: [WiringEdge]] = [:]
        for edge in edges {
            let key = [edge.from, edge.to]
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(edge)
        }
        return order.map { key in
            let group = groups[key] ?? []
            let kinds = priority.filter { kind in group.contains { $0.kind == kind } }
            return DrawnEdge(
                from: key[0], to: key[1], kind: kinds.first ?? .dependsOn, kinds: kinds,
                members: group.compactMap(\.member).uniqued(), lines: group.map(\.line).uniqued().sorted()
            )
        }
    }

    /// Whether the pair is held through a `weak` or `unowned` property.
    var isWeak: Bool { kinds.contains(.holdsWeakly) }

    /// A short label: the verb, then the members (`needs: output`, `creates: client`).
    var label: String {
        let verb: String
        switch kind {
        case .creates: verb = "creates"
        case .resolvesFromContainer: verb = "resolves"
        case .dependsOn: verb = isWeak ? "needs (weak)" : "needs"
        case .holdsWeakly: verb = "weak"
        case .holdsStrongly: verb = "holds"
        }
        let shown = members.filter { !$0.hasPrefix("register(") }.prefix(2)
        return shown.isEmpty ? verb : "\(verb): \(shown.joined(separator: ", "))"
    }
}
