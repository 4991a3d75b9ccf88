import DojoTestSupport
import Foundation
import Testing

/// `didojo graph` through the real binary, on the real lessons, in all four formats; the DOT
/// output drawn by the real Graphviz; and `graph` typed in the shell on a pseudo-terminal.
@Suite struct GraphSubcommandTests {
    /// Graphviz's `dot`, which CI installs (`Scripts/install-system-libraries.sh`).
    static let dot = URL(fileURLWithPath: "/usr/bin/dot")

    /// Runs the real `dot -Tsvg` on `source`: its exit status, what it wrote and what it said.
    /// A missing Graphviz fails the test that asks, with the way to install it.
    func graphviz(_ source: String) throws -> (status: Int32, svg: String, errors: String) {
        try #require(
            FileManager.default.isExecutableFile(atPath: Self.dot.path),
            "Graphviz is not installed (\(Self.dot.path) is missing): apt-get install graphviz, or Scripts/install-system-libraries.sh"
        )
        let process = SpawnedProcess()
        process.executableURL = Self.dot
        process.arguments = ["-Tsvg"]
        let input = Pipe(), output = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
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

    @Test func textDrawsTheLearnersFileInPlainASCIIOnAPipe() async throws {
        let result = try await Didojo().run(["graph", "no-di.2"])
        #expect(result.termination == .exited(0))
        #expect(result.standardError.isEmpty, "the lesson sources are there, so no caveat: \(result.standardError)")
        let text = result.standardOutput
        #expect(text.hasPrefix("Wiring of SocialPresenter.swift\n"))
        // A finding's sentence is wrapped with an indent; joined back for matching.
        let sentences = text.replacingOccurrences(of: "\n    ", with: " ")
        #expect(text.contains("+== creates => | TwitterClient | client - line 8"))
        #expect(text.contains("! SocialPresenter.swift:8 hard-wired dependency"))
        #expect(sentences.contains("looks like a hard-wired dependency"))
        #expect(text.unicodeScalars.allSatisfy { $0.isASCII })
    }

    @Test func dotIsDrawnByGraphviz() async throws {
        let result = try await Didojo().run(["graph", "viper-router.2", "--format", "dot"])
        #expect(result.termination == .exited(0))
        #expect(result.standardOutput.hasPrefix("digraph wiring {\n"))
        #expect(result.standardOutput.contains(#""UserListPresenter" -> "UserRouter" [label="creates"#))
        let drawn = try graphviz(result.standardOutput)
        #expect(drawn.status == 0, "dot failed: \(drawn.errors)")
        #expect(drawn.svg.contains("<svg"))
        #expect(drawn.svg.contains("UserListPresenter"))
        #expect(drawn.errors.isEmpty, "dot warned: \(drawn.errors)")
    }

    @Test func aLessonsModuleInDOTIsDrawnByGraphvizToo() async throws {
        let result = try await Didojo().run(["graph", "container", "--format", "dot"])
        #expect(result.termination == .exited(0))
        let drawn = try graphviz(result.standardOutput)
        #expect(drawn.status == 0, "dot failed: \(drawn.errors)")
        #expect(drawn.svg.contains("SwinjectComposition") || drawn.svg.contains("DIContainer"))
    }

    @Test func graphvizRejectsBrokenDOTSoTheChecksAboveMeanSomething() throws {
        let drawn = try graphviz("digraph wiring { \"A\" -> }\n")
        #expect(drawn.status != 0)
        #expect(!drawn.svg.contains("<svg"))
    }

    @Test func mermaidIsAFlowchart() async throws {
        let result = try await Didojo().run(["graph", "setter.1", "--format", "mermaid"])
        #expect(result.termination == .exited(0))
        #expect(result.standardOutput.hasPrefix("flowchart LR\n"))
        #expect(result.standardOutput.contains("SocialPresenter"))
    }

    struct Report: Decodable {
        struct Finding: Decodable { let id: String; let line: Int; let type: String; let message: String }
        struct Node: Decodable { let name: String; let isCompositionRoot: Bool }
        let schemaVersion: Int
        let files: [String]
        let nodes: [Node]
        let findings: [Finding]
    }

    @Test func jsonFollowsTheDocumentedSchemaAndTheLessonsToleratedDefaults() async throws {
        let result = try await Didojo().run(["graph", "setter.2", "--format", "json"])
        #expect(result.termination == .exited(0))
        let report = try JSONDecoder().decode(Report.self, from: Data(result.standardOutput.utf8))
        #expect(report.schemaVersion == 1)
        #expect(report.files == ["SocialPresenter.swift"])
        #expect(report.nodes.contains { $0.name == "SocialPresenter" })
        // The setter lesson tolerates no default: the clock's `SystemClock()` is a Foreign
        // Default there, as in lessons 1 and 8.
        let foreign = report.findings.filter { $0.id == "foreign-default" }
        #expect(foreign.map(\.message).count == 1, "\(report.findings.map(\.message))")
        #expect(foreign.allSatisfy { $0.message.contains("`clock` = SystemClock()") }, "\(foreign.map(\.message))")
        #expect(report.findings.allSatisfy { $0.message.contains("looks like") })
    }

    @Test func diffIsRefusedBeforeAPassAndDrawnAfterIt() async throws {
        let didojo = try Didojo()
        let refused = try await didojo.run(["graph", "no-di.2", "--diff"])
        #expect(refused.termination == .exited(1))
        #expect(refused.standardOutput.isEmpty)
        #expect(refused.standardError.contains("You have not passed no-di.2 yet"))

        let solution = Didojo.lessonsFolder.appendingPathComponent("01-no-di/exercises/2/solution.swift")
        let learnerFile = didojo.workspace.appendingPathComponent("no-di/2/SocialPresenter.swift")
        // A read-only command made no file; the learner writes the solution in.
        try FileManager.default.createDirectory(at: learnerFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? FileManager.default.removeItem(at: learnerFile)
        try FileManager.default.copyItem(at: solution, to: learnerFile)
        #expect(try await didojo.run(["check", "no-di.2"]).termination == .exited(0))

        let shown = try await didojo.run(["graph", "no-di.2", "--diff"])
        #expect(shown.termination == .exited(0))
        #expect(shown.standardOutput.contains("The solution of no-di.2, drawn the same way:"))
        #expect(shown.standardOutput.contains("Wiring of solution/SocialPresenter.swift"))
        #expect(shown.standardOutput.contains("Compared with the solution:\n  The same relations, lifetimes, references and findings as the solution."))
    }

    @Test func diffUnderANeverWorkshopIsRefusedEvenAfterAPass() async throws {
        let didojo = try Didojo()
        try "title: Strict\nsolutions: never\nlessons:\n  - no-di\n".write(to: didojo.home.url.appendingPathComponent("workshop.yaml"), atomically: true, encoding: .utf8)
        let refused = try await didojo.run(["graph", "no-di.1", "--diff", "--workshop", didojo.home.url.appendingPathComponent("workshop.yaml").path])
        #expect(refused.termination == .exited(1))
        #expect(refused.standardError.contains("Solutions are not shown in this workshop ('Strict')"))
    }

    @Test func anUnknownIdIsAUsageError() async throws {
        let result = try await Didojo().run(["graph", "no-di.9"])
        #expect(result.termination == .exited(2))
        #expect(result.standardError.contains("There is no exercise or lesson 'no-di.9'. Did you mean 'no-di.1'?"))
    }

    @Test func theShellDrawsWithBoxesOnAColourTerminalAndTabCompletesTheFormat() async throws {
        let didojo = try Didojo()
        var environment = didojo.environment
        environment["TERM"] = "xterm"
        environment.removeValue(forKey: "NO_COLOR")
        let session = try PseudoTerminalSession(executable: Didojo.executable, environment: environment, columns: 90)
        var seen = try await session.waitFor("didojo> ")
        session.type("graph no-di.1 --f\t")
        seen = try await session.waitFor("--format ", after: seen)
        session.type("te\t")
        seen = try await session.waitFor("text ", after: seen)
        session.type("\r")
        seen = try await session.waitFor("Wiring of SocialPresenter.swift", after: seen)
        seen = try await session.waitFor("━━ creates ━▶", after: seen)
        seen = try await session.waitFor("hard-wired dependency", after: seen)
        try await session.waitFor("didojo no-di exercises> ", after: seen)
        session.type("quit\r")
        #expect(try await session.waitForExit() == 0)
    }
}
