import Foundation
import Testing
@testable import WiringAnalysis
@testable import WiringModel

/// DIDojo's own code read by the tool it gives learners: the wiring analysis, run on the
/// modules of the shell, the checker, the live class and their executables. What lesson 8 calls
/// a Control Freak (a type that creates a volatile dependency it could be given), a Foreign
/// Default (a default argument of a concrete volatile type from another module) or a Service
/// Locator may appear only in a composition root (the executables' `CompositionRoot` and
/// `main`), or in the short list below, each with why.
@Suite struct HouseWiringTests {
    /// The house: every module that is not a lesson's teaching material (the lesson modules show
    /// hard-wired dependencies on purpose) and not a C shim.
    static let houseModules = [
        "ChildProcess", "ClassProtocol", "ClassServer", "ContentHash", "DojoCatalog", "DojoCore", "DojoGrading", "DojoShell",
        "DojoWorkspace", "ExerciseChecking", "LineEditing", "MutationTesting", "TerminalMarkdown", "WiringAnalysis", "WiringModel",
        "didojo", "didojo-class", "didojo-class-client", "didojo-demos", "didojo-macro-cache",
    ]

    /// A finding the house keeps, and why it is not a mistake there.
    struct Allowed: CustomStringConvertible {
        let kind: WiringFinding.Kind
        /// `Module/relative/path.swift`.
        let file: String
        /// The type created or defaulted to, as `description` names it.
        let target: String
        /// Whether a finding's target is this one: `target` itself, or a family of types.
        let isTarget: @Sendable (String) -> Bool
        let why: String

        init(kind: WiringFinding.Kind, file: String, target: String, why: String) {
            self.kind = kind
            self.file = file
            self.target = target
            isTarget = { $0 == target }
            self.why = why
        }

        /// Every type `matching` accepts, named `family`: one entry for one reason (the shell's commands).
        init(kind: WiringFinding.Kind, file: String, family: String, matching: @escaping @Sendable (String) -> Bool, why: String) {
            self.kind = kind
            self.file = file
            target = family
            isTarget = matching
            self.why = why
        }

        func matches(_ finding: WiringFinding) -> Bool {
            finding.kind == kind && finding.file == file && finding.target.map(isTarget) == true
        }

        var description: String { "\(kind.id) \(file) → \(target)" }
    }

    static let allowed: [Allowed] = [
        Allowed(
            kind: .hardWiredDependency, file: "DojoShell/Rendering/PlainReportText.swift", target: "CollectingTerminal",
            why: "an in-memory terminal that collects what is written, to render a report as text: a Stable Dependency, with no I/O"
        ),
        Allowed(
            kind: .hardWiredDependency, file: "DojoShell/Rendering/CheckReportView.swift", target: "CollectingTerminal",
            why: "an in-memory terminal that collects each part of a check's report, to measure it against the rows left for it: a Stable Dependency, with no I/O"
        ),
        Allowed(
            kind: .hardWiredDependency, file: "DojoShell/Session/ShellSession+Paging.swift", target: "CollectingTerminal",
            why: "an in-memory terminal that collects what a command writes, to measure it before paging: a Stable Dependency, with no I/O"
        ),
        Allowed(
            kind: .hardWiredDependency, file: "DojoShell/Session/CommandRegistry.swift", family: "every …Command",
            matching: { $0.hasSuffix("Command") },
            why: "the shell's set of commands: a command is Stable, it reaches the world only through the narrow Context it is given"
        ),
    ]

    /// Every `.swift` file of a module, its subfolders included, labelled `Module/relative/path`.
    static func files(of module: String) throws -> [SourceFile] {
        let folder = Repository.sources.appendingPathComponent(module)
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        var files: [SourceFile] = []
        while let url = enumerator?.nextObject() as? URL {
            guard url.pathExtension == "swift" else { continue }
            let relative = String(url.path.dropFirst(folder.path.count + 1))
            files.append(SourceFile(path: "\(module)/\(relative)", text: try String(contentsOf: url, encoding: .utf8)))
        }
        return files.sorted { $0.path < $1.path }
    }

    /// The findings of every house module, each module analysed as one, with a vocabulary learned
    /// from all of them and told the standard library's clocks. Each file is parsed once: a debug
    /// build of SwiftParser takes most of this test's time.
    static func findings() throws -> [WiringFinding] {
        var scanned: [(files: [SourceFile], facts: SourceFacts)] = []
        var all = SourceFacts()
        for module in houseModules {
            let files = try files(of: module)
            var facts = SourceFacts()
            for file in files { facts.append(SourceScanner.scan(file)) }
            all.append(facts)
            scanned.append((files, facts))
        }
        var vocabulary = WiringVocabulary.learned(from: all)
        vocabulary.abstractions.insert("Clock")
        vocabulary.volatileTypes.formUnion(["ContinuousClock", "SuspendingClock"])
        let analyzer = WiringAnalyzer(vocabulary: vocabulary)
        return scanned.flatMap { module in
            analyzer.analyze(module.facts, of: module.files).findings.filter {
                [.hardWiredDependency, .foreignDefault, .serviceLocator].contains($0.kind)
            }
        }
    }

    /// `findings()` on a thread of its own: half a minute of parsing on one of the few threads
    /// of Swift's cooperative pool would hold up every other test's `await` meanwhile.
    static func findingsOffThePool() async throws -> [WiringFinding] {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try findings() }) }.start()
        }
    }

    @Test func noHardWiredDependencyForeignDefaultOrServiceLocatorOutsideTheCompositionRoots() async throws {
        let findings = try await Self.findingsOffThePool()
        // The analysis still sees what it should: the composition root is where things are made.
        #expect(!findings.isEmpty, "the allowed findings are gone too: has the analysis stopped reading the house?")
        for finding in findings where !Self.allowed.contains(where: { $0.matches(finding) }) {
            Issue.record("\(finding.file):\(finding.line): \(finding.message) Pass it in from the composition root (Sources/didojo/CompositionRoot.swift), or, if it is Stable, add it to HouseWiringTests.allowed with why.")
        }
        for allowed in Self.allowed where !findings.contains(where: allowed.matches) {
            Issue.record("HouseWiringTests.allowed has an entry nothing matches any more (\(allowed)): take it out.")
        }
    }

    /// The analysis knows a Foreign Default of the standard library's clock when it sees one: the
    /// test above would pass in silence if it did not.
    @Test func aClockDefaultInALibraryTypeIsAForeignDefault() {
        var vocabulary = WiringVocabulary()
        vocabulary.abstractions.insert("Clock")
        vocabulary.volatileTypes.insert("ContinuousClock")
        let report = WiringAnalyzer(vocabulary: vocabulary).analyze(path: "Watcher.swift", text: """
            public struct Watcher {
                private let clock: any Clock<Duration>
                public init(clock: any Clock<Duration> = ContinuousClock()) {
                    self.clock = clock
                }
            }
            """)
        #expect(report.findings.map(\.kind) == [.foreignDefault])
    }
}
