import Testing
import WiringAnalysis

/// Source the analysis cannot make sense of still gives an answer, never a crash.
@Suite struct RobustnessTests {
    @Test(arguments: [
        "", "   \n\n", "final class {", "let = = =", "func f( { TwitterClient( }", "extension { var x: any { X() } }",
        "class A: B, { init() { self.x = Y() } ", "@Dependency(\\.) var x", "container.register(.self) { }",
        String(repeating: "{", count: 300), "struct 日本 { let ü = Ä() }",
    ])
    func brokenSourceIsAnalysedWithoutCrashing(source: String) {
        let report = WiringAnalyzer().analyze(path: "Broken.swift", text: source)
        for renderer in [TextGraphRenderer().render(report), TextGraphRenderer(options: .plain).render(report),
                         DOTGraphRenderer().render(report), MermaidGraphRenderer().render(report), JSONGraphRenderer().render(report)] {
            #expect(!renderer.isEmpty)
        }
    }

    @Test func anEmptyFileHasAnEmptyGraphAndSaysSo() {
        let report = WiringAnalyzer().analyze(path: "Empty.swift", text: "")
        #expect(report.graph.nodes.isEmpty && report.graph.edges.isEmpty && report.findings.isEmpty)
        let text = TextGraphRenderer(options: .plain).render(report)
        #expect(text.contains("No types found."))
        #expect(text.hasSuffix("No findings: nothing here looks like a DI mistake.\n"))
    }

    @Test func aNarrowTerminalStillGetsLinesThatFit() throws {
        let exercise = LessonExercise(lesson: "05-viper-router", number: 1)
        let report = exercise.analyze(try exercise.solution)
        for width in [40, 52, 64] {
            let text = TextGraphRenderer(options: .init(unicode: true, color: false, width: width)).render(report)
            let wide = text.split(separator: "\n").filter { $0.count > width }
            #expect(wide.isEmpty, "width \(width): \(wide)")
        }
    }
}
