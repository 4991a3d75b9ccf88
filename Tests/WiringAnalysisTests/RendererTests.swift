import DojoTestSupport
import Foundation
import Testing
@testable import WiringAnalysis

/// The four renderers: text for a terminal (checked for width and characters), DOT (checked by the
/// real Graphviz), Mermaid and JSON.
@Suite struct RendererTests {
    /// The reference solution of constructor.1: a factory that builds the presenter and its clients.
    func constructorSolution() throws -> WiringReport {
        let exercise = LessonExercise(lesson: "02-constructor", number: 1)
        return exercise.analyze(try exercise.solution)
    }

    /// Every starter and solution with its support and subject files.
    func everyLessonReport() throws -> [(name: String, report: WiringReport)] {
        try LessonExercise.all().flatMap { exercise in
            let extra = try exercise.extra("support") + exercise.extra("subject")
            return try [exercise.starter, exercise.solution].map { file in
                (file.path, exercise.analyze(file, with: extra))
            }
        }
    }

    static func strippingEscapes(_ text: String) -> String {
        text.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
    }

    // MARK: Text

    @Test func everyLessonFileIsDrawnWithinEightyColumnsInEveryVariant() throws {
        let variants: [TextGraphRenderer.Options] = [
            .init(unicode: true, color: true), .init(unicode: true, color: false), .plain,
        ]
        for (name, report) in try everyLessonReport() {
            for options in variants {
                let text = Self.strippingEscapes(TextGraphRenderer(options: options).render(report))
                let wide = text.split(separator: "\n").filter { $0.count > 80 }
                #expect(wide.isEmpty, "\(name) (unicode: \(options.unicode), color: \(options.color)) has lines over 80 columns: \(wide)")
            }
        }
    }

    @Test func thePlainVariantIsASCIIWithoutEscapes() throws {
        for (name, report) in try everyLessonReport() {
            let text = TextGraphRenderer(options: .plain).render(report)
            let foreign = text.unicodeScalars.filter { !$0.isASCII }
            #expect(foreign.isEmpty, "\(name): \(String(String.UnicodeScalarView(foreign)))")
            #expect(!text.contains("\u{1B}"))
        }
    }

    @Test func theDrawingMarksTheRootAndDrawsProtocolAndConcreteArrowsDifferently() throws {
        let text = TextGraphRenderer().render(try constructorSolution())
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // The root comes first, in a double box with a star.
        let rootLine = try #require(lines.firstIndex { $0.contains("║ ★ makePresenter(for:) ║") })
        #expect(lines[rootLine - 1].hasPrefix("╔") && lines[rootLine - 1].hasSuffix("★ composition root: a factory"))
        #expect(lines[rootLine + 1].hasPrefix("╚"))
        // Concrete creation: heavy arrows into solid boxes.
        #expect(lines.contains("  ├━━ creates ━▶ │ TwitterClient │ line 33"))
        #expect(lines.contains("  └━━ creates ━▶ │ FacebookClient │ line 34"))
        // The presenter's protocol: a dashed arrow into a dashed, rounded box.
        let protocolLine = try #require(lines.firstIndex { $0.contains("╌╌ needs ╌╌╌▷ ╎ «SocialPostOutput» ╎ output · lines 5, 10") })
        #expect(lines[protocolLine - 1].hasSuffix("╭╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╮ protocol · elsewhere"))
        // The hard-wired clock of this step is marked under its box, and listed under the drawing.
        let clockLine = try #require(lines.firstIndex { $0.hasSuffix("├━━ creates ━▶ │ SystemClock │ clock · line 6") })
        #expect(lines[clockLine - 1].hasSuffix("┌─────────────┐ struct, volatile · elsewhere"))
        #expect(lines[clockLine + 1].hasSuffix("└─────────────┘ ⚠ hard-wired dependency"))
        let findings = try #require(lines.firstIndex { $0.hasPrefix("Findings") })
        #expect(findings > rootLine)
        #expect(lines[findings + 1] == "⚠ 02-constructor/1/solution.swift:6 hard-wired dependency")
        #expect(lines[findings + 2].hasPrefix("    SocialPresenter creates SystemClock() itself for `clock`: looks like"))
    }

    @Test func thePlainVariantDrawsTheSameWithASCII() throws {
        let text = TextGraphRenderer(options: .plain).render(try constructorSolution())
        #expect(text.contains("#=======================# * composition root: a factory\n# * makePresenter(for:) # function - line 31"))
        #expect(text.contains("\n  +== creates => | TwitterClient | line 33\n"))
        #expect(text.contains("`.. needs ...> : <<SocialPostOutput>> : output - lines 5, 10\n"))
        #expect(text.contains("+-------------+ ! hard-wired dependency\n"))
        #expect(text.contains("! 02-constructor/1/solution.swift:6 hard-wired dependency"))
    }

    @Test func aFileWithoutFindingsSaysSo() throws {
        let exercise = LessonExercise(lesson: "02-constructor", number: 2)
        let text = TextGraphRenderer().render(exercise.analyze(try exercise.solution))
        #expect(text.hasSuffix("No findings: nothing here looks like a DI mistake.\n"))
    }

    @Test func aCycleIsDrawnOnceAndThenNamed() {
        let report = WiringAnalyzer().analyze(path: "Cycle.swift", text: """
        final class Parent { let child: Child; init() { child = Child() } }
        final class Child { var parent: Parent? }
        """)
        let text = TextGraphRenderer().render(report)
        #expect(text.contains("[ Parent ] ↑ above · parent · line 2"))
        #expect(text.components(separatedBy: "│ Parent │").count == 2)
    }

    @Test func theTerminalDecidesBetweenColourAndPlainASCII() {
        #expect(TextGraphRenderer.Options.forTerminal(environment: ["TERM": "xterm-256color"]) == .init(unicode: true, color: true))
        #expect(TextGraphRenderer.Options.forTerminal(environment: ["TERM": "dumb"]) == .plain)
        #expect(TextGraphRenderer.Options.forTerminal(environment: ["TERM": "xterm", "NO_COLOR": "1"]) == .plain)
        #expect(TextGraphRenderer.Options.forTerminal(environment: ["TERM": "xterm", "NO_COLOR": ""]) == .init(unicode: true, color: true))
        #expect(TextGraphRenderer.Options.forTerminal(environment: [:], width: 100).width == 100)
    }

    @Test func colourIsAddedOnlyWhenAsked() throws {
        let report = try constructorSolution()
        #expect(!TextGraphRenderer(options: .init(color: false)).render(report).contains("\u{1B}["))
        let coloured = TextGraphRenderer(options: .init(color: true)).render(report)
        #expect(coloured.contains("\u{1B}[33m⚠ \u{1B}[0m"))
        #expect(Self.strippingEscapes(coloured) == TextGraphRenderer(options: .init(color: false)).render(report))
    }

    // MARK: DOT, checked by Graphviz

    /// Runs the real `dot -Tsvg` on `source`: its exit status and what it wrote.
    func graphviz(_ source: String) throws -> (status: Int32, output: String, errors: String) {
        let process = SpawnedProcess()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/dot")
        process.arguments = ["-Tsvg"]
        let input = Pipe(), output = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // Read while writing would be needed for huge graphs; these are a few kilobytes.
        let writer = Thread {
            input.fileHandleForWriting.write(Data(source.utf8))
            try? input.fileHandleForWriting.close()
        }
        writer.start()
        let svg = output.fileHandleForReading.readDataToEndOfFile()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: svg, as: UTF8.self), String(decoding: message, as: UTF8.self))
    }

    @Test(arguments: [
        ("01-no-di", 1, "starter.swift"), ("02-constructor", 1, "solution.swift"), ("04-cake", 3, "solution.swift"),
        ("05-viper-router", 1, "solution.swift"), ("06-container", 3, "solution.swift"), ("07-dependency-values", 2, "solution.swift"),
    ])
    func graphvizDrawsTheDOTOutput(lesson: String, number: Int, file: String) throws {
        let exercise = LessonExercise(lesson: lesson, number: number)
        let extra = try exercise.extra("support") + exercise.extra("subject")
        let report = exercise.analyze(try exercise.file(file), with: extra)
        let result = try graphviz(DOTGraphRenderer().render(report))
        #expect(result.status == 0, "dot failed: \(result.errors)")
        #expect(result.output.contains("<svg"))
        #expect(result.errors.isEmpty, "dot warned: \(result.errors)")
    }

    @Test func graphvizRejectsBrokenDOTSoTheCheckAboveMeansSomething() throws {
        let result = try graphviz("digraph wiring { \"A\" -> }\n")
        #expect(result.status != 0)
        #expect(!result.output.contains("<svg"))
    }

    @Test func dotDrawsEachKindOfEdgeInItsOwnStyle() throws {
        let dot = DOTGraphRenderer().render(try constructorSolution())
        #expect(dot.hasPrefix("digraph wiring {\n"))
        #expect(dot.contains(#""makePresenter(for:)" -> "TwitterClient" [label="creates", style=bold];"#))
        #expect(dot.contains(#""SocialPresenter" -> "SocialPostOutput" [label="needs: output", style=dashed, arrowhead=empty];"#))
        #expect(dot.contains(#""SocialPresenter" [label="SocialPresenter\nclass · solution.swift:4", color="red3", "#
            + #"tooltip="02-constructor/1/solution.swift:6 hard-wired dependency"];"#))
        #expect(dot.contains(#""makePresenter(for:)" [label="★ makePresenter(for:)\nfunction · solution.swift:31", peripheries=2, style="bold"];"#))
        #expect(dot.contains(#""SocialPostOutput" [label="SocialPostOutput\nprotocol · external", color="gray40", fontcolor="gray30", style="rounded,dashed"];"#))
    }

    @Test func dotEscapesQuotesBackslashesAndNewLines() {
        #expect(DOTGraphRenderer.quoted("a \"b\" \\.date\nc") == #""a \"b\" \\.date\nc""#)
    }

    // MARK: Mermaid

    @Test func mermaidDrawsAFlowchartWithAnArrowStylePerKind() throws {
        let mermaid = MermaidGraphRenderer().render(try constructorSolution())
        let lines = mermaid.split(separator: "\n").map(String.init)
        #expect(lines.first == "flowchart LR")
        let ids = Dictionary(uniqueKeysWithValues: try constructorSolution().graph.nodes.enumerated().map { ($0.element.name, "n\($0.offset)") })
        let root = try #require(ids["makePresenter(for:)"]), presenter = try #require(ids["SocialPresenter"])
        let output = try #require(ids["SocialPostOutput"]), twitter = try #require(ids["TwitterClient"])
        #expect(lines.contains("  \(root)[[\"★ makePresenter(for:)<br/>function · solution.swift:31\"]]"))
        #expect(lines.contains("  \(output)([\"SocialPostOutput<br/>protocol · external\"])"))
        #expect(lines.contains("  \(root) ==>|\"creates\"| \(twitter)"))
        #expect(lines.contains("  \(presenter) -.->|\"needs: output\"| \(output)"))
        #expect(lines.contains { $0.hasPrefix("  class ") && $0.hasSuffix(" protocol") && $0.contains(output) })
    }

    @Test func mermaidEscapesQuotesAndAngleBrackets() {
        #expect(MermaidGraphRenderer.text("a \"b\" <c><br/>d") == "a #quot;b#quot; #lt;c#gt;<br/>d")
    }

    // MARK: JSON

    @Test func jsonFollowsTheDocumentedSchema() throws {
        let exercise = LessonExercise(lesson: "01-no-di", number: 1)
        let json = JSONGraphRenderer().render(exercise.analyze(try exercise.starter))
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(Set(document.keys) == ["schemaVersion", "files", "nodes", "edges", "compositionRoots", "registrations", "findings"])
        #expect(document["schemaVersion"] as? Int == 1)
        #expect(document["files"] as? [String] == ["01-no-di/1/starter.swift"])

        let nodes = try #require(document["nodes"] as? [[String: Any]])
        let presenter = try #require(nodes.first { $0["name"] as? String == "SocialPresenter" })
        #expect(presenter["kind"] as? String == "class")
        #expect(presenter["line"] as? Int == 7)
        #expect(presenter["isCompositionRoot"] as? Bool == false)
        let twitter = try #require(nodes.first { $0["name"] as? String == "TwitterClient" })
        #expect(twitter["file"] is NSNull)
        #expect(twitter["isExternal"] as? Bool == true)
        #expect(twitter["isVolatile"] as? Bool == true)
        #expect(twitter["kind"] as? String == "struct")

        let edges = try #require(document["edges"] as? [[String: Any]])
        #expect(edges.contains {
            $0["from"] as? String == "SocialPresenter" && $0["to"] as? String == "TwitterClient" && $0["kind"] as? String == "creates"
                && $0["site"] as? String == "propertyInitialiser" && $0["member"] as? String == "client" && $0["line"] as? Int == 9
        })

        let findings = try #require(document["findings"] as? [[String: Any]])
        #expect(findings.map { $0["id"] as? String } == ["hard-wired-dependency", "hard-wired-dependency"])
        #expect(findings.map { $0["line"] as? Int } == [9, 10])
        #expect(findings.first?["title"] as? String == "hard-wired dependency")
        #expect(Set(findings.first?.keys.map { $0 } ?? []) == ["id", "title", "file", "line", "type", "member", "target", "message"])
    }

    @Test func jsonWritesAbsentValuesAsNull() throws {
        let report = WiringAnalyzer().analyze(path: "main.swift", text: "let client = TwitterClient()\nclient.post(\"x\")\n")
        let json = JSONGraphRenderer().render(report)
        #expect(json.contains(#""member" : null"#) || json.contains(#""file" : null"#))
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let roots = try #require(document["compositionRoots"] as? [[String: Any]])
        #expect(roots.first?["node"] as? String == "main.swift")
        #expect(roots.first?["reason"] as? String == "entryPoint")
    }
}
