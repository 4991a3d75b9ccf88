import Foundation

/// Writes a report as a Mermaid flowchart, for Markdown viewers that draw Mermaid.
///
/// Protocols are stadium shapes with a dashed border, concrete types rectangles, composition roots
/// "subroutine" boxes with a thick border and a star, external nodes grey. `creates` arrows are
/// thick (`==>`), `dependsOn`, weak and resolve arrows dotted (`-.->`), strong holds plain (`-->`).
package struct MermaidGraphRenderer: Sendable {
    package init() {}

    package func render(_ report: WiringReport) -> String {
        var lines = ["flowchart LR"]
        var ids: [String: String] = [:]
        for (index, node) in report.graph.nodes.enumerated() {
            ids[node.name] = "n\(index)"
        }
        let withFindings = Set(report.findings.map(\.type))
        for node in report.graph.nodes {
            guard let id = ids[node.name] else { continue }
            let text = Self.text((node.isCompositionRoot ? "★ " : "") + node.name + "<br/>" + DOTGraphRenderer.describe(node))
            let shape: String
            if node.isCompositionRoot {
                shape = "[[\"\(text)\"]]"
            } else if node.isProtocol {
                shape = "([\"\(text)\"])"
            } else {
                shape = "[\"\(text)\"]"
            }
            lines.append("  \(id)\(shape)")
        }
        for edge in DrawnEdge.bundle(report.graph.edges) {
            guard let from = ids[edge.from], let to = ids[edge.to] else { continue }
            let arrow: String
            switch edge.kind {
            case .creates: arrow = "==>"
            case .holdsStrongly: arrow = "-->"
            case .dependsOn, .holdsWeakly, .resolvesFromContainer: arrow = "-.->"
            }
            lines.append("  \(from) \(arrow)|\"\(Self.text(edge.label))\"| \(to)")
        }
        lines.append("  classDef protocol stroke-dasharray: 5 5")
        lines.append("  classDef root stroke-width:3px")
        lines.append("  classDef external fill:#f4f4f4,color:#555")
        lines.append("  classDef finding stroke:#c00,stroke-width:2px")
        for (className, predicate) in [
            ("protocol", { (node: WiringNode) in node.isProtocol }),
            ("root", { $0.isCompositionRoot }),
            ("external", { $0.isExternal }),
            ("finding", { withFindings.contains($0.name) }),
        ] {
            let members = report.graph.nodes.filter(predicate).compactMap { ids[$0.name] }
            if !members.isEmpty {
                lines.append("  class \(members.joined(separator: ",")) \(className)")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Text inside a quoted Mermaid label: quotes and angle brackets as entities (`<br/>` kept).
    static func text(_ raw: String) -> String {
        raw.replacingOccurrences(of: "\"", with: "#quot;")
            .replacingOccurrences(of: "<br/>", with: "\u{0}")
            .replacingOccurrences(of: "<", with: "#lt;")
            .replacingOccurrences(of: ">", with: "#gt;")
            .replacingOccurrences(of: "\u{0}", with: "<br/>")
    }
}
