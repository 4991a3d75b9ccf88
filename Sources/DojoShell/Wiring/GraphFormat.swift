import WiringAnalysis

/// How `graph` writes a wiring report: drawn for the terminal, or for another tool.
package enum GraphFormat: String, CaseIterable, Sendable {
    /// Boxes and arrows in the terminal, findings under them.
    case text
    /// Graphviz (`dot -Tsvg`).
    case dot
    /// A Mermaid flowchart (Markdown on GitHub, mermaid.live).
    case mermaid
    /// The schema in Sources/WiringAnalysis/README.md.
    case json

    /// `report` in this format; `options` shape the text drawing only.
    package func render(_ report: WiringReport, options: TextGraphRenderer.Options) -> String {
        switch self {
        case .text: TextGraphRenderer(options: options).render(report)
        case .dot: DOTGraphRenderer().render(report)
        case .mermaid: MermaidGraphRenderer().render(report)
        case .json: JSONGraphRenderer().render(report)
        }
    }

    /// "text, dot, mermaid, json", for messages.
    package static var names: String {
        allCases.map(\.rawValue).joined(separator: ", ")
    }
}
