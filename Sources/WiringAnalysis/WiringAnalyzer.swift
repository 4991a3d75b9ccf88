import SwiftSyntax

/// Reads the Dependency Injection wiring of Swift source: who needs, creates, holds and resolves
/// whom, where the composition root is, and what looks like a DI mistake.
///
/// ```swift
/// let vocabulary = WiringVocabulary.learned(from: domainSources)
/// let report = WiringAnalyzer(vocabulary: vocabulary).analyze([SourceFile(path: "SocialPresenter.swift", text: text)])
/// for finding in report.findings { print("\(finding.file):\(finding.line) \(finding.message)") }
/// print(TextGraphRenderer().render(report))
/// ```
///
/// It works on syntax alone (SwiftParser), without type checking, so everything it says is a
/// heuristic: names spelled like types are types, `any X` is an abstraction, and so on. The
/// heuristics are documented where they live: `TypeJudge` (volatile dependencies),
/// `CompositionMap` (composition roots), `GraphBuilder` (edges), `FindingDetector` and
/// `BackReferenceDetector` (findings). Each file is parsed and walked once; an exercise file
/// takes a few milliseconds.
package struct WiringAnalyzer: Sendable {
    /// What the analysis is told about the modules the files import.
    package let vocabulary: WiringVocabulary

    package init(vocabulary: WiringVocabulary = .empty) {
        self.vocabulary = vocabulary
    }

    /// Analyses `files` together, as one module.
    ///
    /// - Parameter trees: files already parsed, by path, each the tree of that file's text
    ///   (a checker that reads the learner's file several ways parses it once).
    package func analyze(_ files: [SourceFile], trees: [String: SourceFileSyntax] = [:]) -> WiringReport {
        var facts = SourceFacts()
        for file in files {
            facts.append(SourceScanner.scan(file, tree: trees[file.path]))
        }
        return analyze(facts, of: files)
    }

    /// Analyses what was already read of `files` (`SourceScanner.scan`), for a caller that also
    /// learns a vocabulary from the same files and should not parse them twice.
    func analyze(_ facts: SourceFacts, of files: [SourceFile]) -> WiringReport {
        let judge = TypeJudge(facts: facts, vocabulary: vocabulary)
        let composition = CompositionMap(facts: facts, judge: judge)
        var builder = GraphBuilder(facts: facts, judge: judge, composition: composition)
        let graph = builder.build()
        let findings = FindingDetector(facts: facts, judge: judge, composition: composition).findings()
        return WiringReport(graph: graph, findings: findings, files: files.map(\.path), facts: facts, judge: judge, composition: composition)
    }

    /// Analyses one file.
    package func analyze(path: String, text: String) -> WiringReport {
        analyze([SourceFile(path: path, text: text)])
    }
}
