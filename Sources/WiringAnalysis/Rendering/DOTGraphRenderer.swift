import WiringModel

/// Writes a report as a Graphviz `digraph`, for `dot -Tsvg` and friends.
///
/// Protocols are dashed rounded boxes, concrete types solid boxes, external nodes grey, composition
/// roots drawn with a double border and a star. `creates` arrows are bold, `dependsOn` arrows dashed
/// with a hollow head, weak references dotted, resolutions from a container blue and dashed. A node
/// with a finding is outlined in red, and its findings are listed in its tooltip.
package struct DOTGraphRenderer: Sendable {
    package init() {}

    package func render(_ report: WiringReport) -> String {
        var lines = [
            "digraph wiring {",
            "  rankdir=LR;",
            "  node [shape=box, fontname=\"Helvetica\", fontsize=11];",
            "  edge [fontname=\"Helvetica\", fontsize=9];",
        ]
        let findingsByNode = Dictionary(grouping: report.findings, by: \.type)
        for node in report.graph.nodes {
            lines.append("  \(Self.quoted(node.name)) [\(attributes(of: node, findings: findingsByNode[node.name] ?? []))];")
        }
        for edge in DrawnEdge.bundle(report.graph.edges) {
            lines.append("  \(Self.quoted(edge.from)) -> \(Self.quoted(edge.to)) [\(attributes(of: edge))];")
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    private func attributes(of node: WiringNode, findings: [WiringFinding]) -> String {
        var label = node.isCompositionRoot ? "★ \(node.name)" : node.name
        label += "\n" + Self.describe(node)
        var attributes = ["label=\(Self.quoted(label))"]
        var styles: [String] = []
        if node.isProtocol {
            styles += ["rounded", "dashed"]
        }
        if node.isCompositionRoot {
            attributes.append("peripheries=2")
            styles.append("bold")
        }
        if node.isExternal {
            attributes.append("color=\"gray40\"")
            attributes.append("fontcolor=\"gray30\"")
        }
        if !findings.isEmpty {
            attributes.append("color=\"red3\"")
            attributes.append("tooltip=\(Self.quoted(findings.map { "\($0.file):\($0.line) \($0.kind.title)" }.joined(separator: "\n")))")
        }
        if !styles.isEmpty {
            attributes.append("style=\(Self.quoted(styles.joined(separator: ",")))")
        }
        return attributes.joined(separator: ", ")
    }

    private func attributes(of edge: DrawnEdge) -> String {
        var attributes = ["label=\(Self.quoted(edge.label))"]
        switch edge.kind {
        case .creates:
            attributes.append("style=bold")
        case .dependsOn:
            attributes.append(edge.isWeak ? "style=dotted" : "style=dashed")
            attributes.append("arrowhead=empty")
        case .holdsStrongly:
            attributes.append("arrowhead=diamond")
        case .holdsWeakly:
            attributes.append("style=dotted")
            attributes.append("arrowhead=odiamond")
        case .resolvesFromContainer:
            attributes.append("style=dashed")
            attributes.append("color=\"blue3\"")
        }
        return attributes.joined(separator: ", ")
    }

    /// "class · SocialPresenter.swift:4", "protocol · external".
    static func describe(_ node: WiringNode) -> String {
        let kind = node.kind == .unknown ? "type" : node.kind.rawValue
        if let file = node.file, let line = node.line {
            let name = file.split(separator: "/").last.map(String.init) ?? file
            return "\(kind) · \(name):\(line)"
        }
        return node.isExternal ? "\(kind) · external" : kind
    }

    /// A DOT string literal: quotes and backslashes escaped, new lines as `\n`.
    static func quoted(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "\"": escaped += "\\\""
            case "\\": escaped += "\\\\"
            case "\n": escaped += "\\n"
            default: escaped.append(character)
            }
        }
        return "\"\(escaped)\""
    }
}
