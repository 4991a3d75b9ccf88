import DojoCatalog
import DojoCore
import DojoGrading
import Foundation
import WiringAnalysis
import WiringModel

/// The one wiring analysis of a check: the exercise's `wiring:` rules, each a check of its own
/// that the learner's file keeps or breaks, and the findings a failed check's report shows
/// beside its checks under "Wiring:".
///
/// The learner's file is analysed with the files compiled beside it (support, subject) and the
/// lesson's vocabulary, as `graph` draws it, while the compiler works.
struct WiringCheck: Sendable {
    /// One check per rule, in the manifest's order: passed, or failed at the line that
    /// breaks it. Every rule is counted, kept or broken, so that an exercise has the same
    /// number of checks in every report.
    let results: [CheckResult]
    /// The findings in the learner's file.
    let findings: [WiringFinding]
    /// The findings the exercise is about (see `aboutExercise`).
    let about: Set<FindingIdentity>
    /// The findings the reference solution has (those the lesson shows on purpose, or none):
    /// a finding of the learner's that is not among them is one the learner brought in.
    let solutionFindings: Set<FindingIdentity>
    /// The rules of the exercise, which also say what it is about.
    let rules: [WiringRule]

    /// The rules the learner's file breaks.
    var failures: [CheckResult] { results.filter { !$0.passed } }

    /// A finding as the starter, the solution and the learner's file can share it: without its
    /// line, which moves as the file is edited.
    struct FindingIdentity: Hashable, Codable, Sendable {
        let kind: String
        let type: String
        let member: String?
        let target: String?

        init(_ finding: WiringFinding) {
            kind = finding.kind.id
            type = finding.type
            member = finding.member
            target = finding.target
        }
    }

    /// Analyses `source` for `exercise`, read and parsed as `parsed`; nothing when the file could
    /// not be read (nil: the compiler says why).
    static func analyse(
        _ exercise: Exercise, source: URL, parsed: ParsedSource?, vocabulary: WiringVocabulary, fileSystem: any FileSystem,
        cache: CompiledStepCache
    ) -> WiringCheck {
        guard let parsed else {
            // Not analysed, so neither kept nor broken: the compiler says why the file
            // cannot be read, and a report without a run counts no checks.
            return WiringCheck(results: [], findings: [], about: [], solutionFindings: [], rules: exercise.wiring)
        }
        let companions = companionFiles(of: exercise, fileSystem: fileSystem)
        let analysis = WiringAnalyzer(vocabulary: vocabulary).analyze(
            [SourceFile(path: source.path, text: parsed.text)] + companions, trees: [source.path: parsed.tree])
        let results = exercise.wiring.map { rule -> CheckResult in
            // The rules are on the learner's file: the lesson's own files beside it only inform the analysis.
            guard let first = rule.violations(in: analysis).first(where: { $0.file == source.path }) else {
                return CheckResult(name: rule.checkName, testCase: CompilingChecker.wiringCheckClass)
            }
            let failure = CheckFailure(description: "\(rule.message) (Line \(first.line): \(first.detail).)", file: first.file, line: first.line)
            return CheckResult(name: rule.checkName, testCase: CompilingChecker.wiringCheckClass, failures: [failure])
        }
        let known = knownFindings(exercise, companions: companions, vocabulary: vocabulary, fileSystem: fileSystem, cache: cache)
        return WiringCheck(
            results: results,
            findings: analysis.findings.filter { $0.file == source.path },
            about: known.about, solutionFindings: known.solution,
            rules: exercise.wiring
        )
    }

    /// The files compiled beside the learner's: a test-writing exercise's subject, and support.
    private static func companionFiles(of exercise: Exercise, fileSystem: any FileSystem) -> [SourceFile] {
        let urls = (exercise.kind == .test ? exercise.subject : []) + exercise.support
        return urls.compactMap { url in
            (try? fileSystem.text(of: url)).map { SourceFile(path: url.path, text: $0) }
        }
    }

    /// The starter's and the solution's findings, as `knownFindings` keeps them.
    struct KnownFindings: Codable, Sendable {
        /// What the exercise is about: the findings its starter has and its solution has not
        /// (the mistakes the learner is asked to take out).
        var about: Set<FindingIdentity> = []
        /// Every finding of the solution.
        var solution: Set<FindingIdentity> = []
    }

    /// What the starter and the solution show. Kept by the files' contents and the vocabulary,
    /// since it takes two more analyses to work out.
    private static func knownFindings(
        _ exercise: Exercise, companions: [SourceFile], vocabulary: WiringVocabulary, fileSystem: any FileSystem,
        cache: CompiledStepCache
    ) -> KnownFindings {
        guard let starter = try? fileSystem.text(of: exercise.starter),
              let solution = try? fileSystem.text(of: exercise.solution) else { return KnownFindings() }
        var key = CacheKey("didojo wiring findings of an exercise's starter and solution, version 2")
        key.add(starter)
        key.add(solution)
        for file in companions { key.add(file.path); key.add(file.text) }
        key.add(canonical(vocabulary))
        return cache.value(KnownFindings.self, for: key) {
            let analyzer = WiringAnalyzer(vocabulary: vocabulary)
            func identities(_ text: String, _ path: String) -> Set<FindingIdentity> {
                Set(analyzer.analyze([SourceFile(path: path, text: text)] + companions).findings.filter { $0.file == path }.map(FindingIdentity.init))
            }
            let solutionFindings = identities(solution, exercise.solution.path)
            return KnownFindings(about: identities(starter, exercise.starter.path).subtracting(solutionFindings), solution: solutionFindings)
        }
    }

    /// The vocabulary spelled the same way by every process (a `Set`'s order is not), for a key.
    private static func canonical(_ vocabulary: WiringVocabulary) -> String {
        func list(_ names: Set<String>) -> String { names.sorted().joined(separator: ",") }
        return [
            list(vocabulary.abstractions), list(vocabulary.volatileTypes), list(vocabulary.valueTypes),
            list(vocabulary.localDefaults),
            vocabulary.conformances.keys.sorted().map { "\($0):\(list(vocabulary.conformances[$0] ?? []))" }.joined(separator: ";"),
            vocabulary.requirements.keys.sorted().map { owner in
                let members = vocabulary.requirements[owner] ?? [:]
                return "\(owner):" + members.keys.sorted().map { "\($0)=\(members[$0] ?? "")" }.joined(separator: ",")
            }.joined(separator: ";"),
            vocabulary.kinds.keys.sorted().map { "\($0)=\(vocabulary.kinds[$0]?.rawValue ?? "")" }.joined(separator: ","),
        ].joined(separator: "\n")
    }

    /// The findings `report` shows, when it failed: those a rule concerns, those the exercise
    /// is about (the starter has them, the solution has not), and those the exercise does not
    /// ask for (see `asks(for:)`), which the learner brought in (a Cake service that creates its
    /// own logger fails a check far from the line that creates it). What the exercise asks for
    /// is never shown, whatever line failed: in lesson 1 the presenter builds its own clients
    /// on purpose, in `share` as well as in `init`, and a note calling that a mistake, with
    /// advice to inject it, would be wrong there.
    func notes(for report: CheckReport, learnerFile: URL) -> [WiringFinding] {
        switch report.outcome {
        case .passed, .cancelled: return []
        default: break
        }
        return findings.filter { finding in
            let identity = FindingIdentity(finding)
            return rules.contains { $0.concerns(finding) } || about.contains(identity) || !asks(for: identity)
        }
    }

    /// True when the solution has a finding of the same kind, in the same type, about the same
    /// target, whichever member it is in: then the exercise asks for it (no-di.1's solution
    /// creates `FacebookClient()` itself, as its task says), and a note calling it a mistake
    /// would be wrong.
    func asks(for identity: FindingIdentity) -> Bool {
        solutionFindings.contains { $0.kind == identity.kind && $0.type == identity.type && $0.target == identity.target }
    }
}
