import WiringModel

/// What one analysis found: the graph, the findings, and the facts the rules are checked against.
package struct WiringReport: Sendable {
    /// The nodes and edges.
    package let graph: WiringGraph
    /// The findings, in file and line order.
    package let findings: [WiringFinding]
    /// The files analysed, in the order given.
    package let files: [String]
    /// The facts read from the source, for `WiringRule` evaluation.
    let facts: SourceFacts
    /// How the analysis judged types, for rule evaluation.
    let judge: TypeJudge
    /// Where the composition roots are, for rule evaluation.
    let composition: CompositionMap

    init(graph: WiringGraph, findings: [WiringFinding], files: [String], facts: SourceFacts, judge: TypeJudge, composition: CompositionMap) {
        self.graph = graph
        self.findings = findings
        self.files = files
        self.facts = facts
        self.judge = judge
        self.composition = composition
    }

    /// The findings of one kind.
    package func findings(_ kind: WiringFinding.Kind) -> [WiringFinding] {
        findings.filter { $0.kind == kind }
    }
}
