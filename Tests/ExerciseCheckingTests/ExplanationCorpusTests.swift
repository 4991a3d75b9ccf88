import DojoCatalog
import DojoCore
import DojoShell
import DojoTestSupport
@testable import ExerciseChecking
import Foundation
import TerminalMarkdown
import Testing

/// The explanation corpus, checked with the real compiler: every case's learner file is checked
/// as a learner's would be, and every compile error must carry exactly the expected plain-words
/// explanation, or none. Since the errors come from the compiler at test time, a compiler that
/// words them differently fails here, rather than leaving a rule to fire on words it no longer
/// understands, or to stay silent unnoticed.
@Suite(.serialized) struct ExplanationCorpusTests {
    static let catalog = LessonCatalog.load(from: Didojo.lessonsFolder, fileSystem: LocalFileSystem())
    static let caches = RealChecker.sharedCacheFolder.appendingPathComponent("explanation-corpus")

    @Test(arguments: ExplanationCase.corpus)
    func eachErrorIsExplainedRightOrNotAtAll(_ corpusCase: ExplanationCase) async throws {
        let exercise = try #require(Self.catalog.exercise(id: corpusCase.exerciseID), "no exercise \(corpusCase.exerciseID)")
        let folder = try TemporaryFolder("explanation-corpus")
        defer { folder.remove() }
        let file = folder.url.appendingPathComponent("learner/\(exercise.fileName)")
        try LocalFileSystem().write(try corpusCase.learnerSource(of: exercise), to: file)

        // Compiled steps of their own: the corpus makes many, and in the caches the other
        // suites share it would push out entries that those suites' running checks use.
        let checker = try RealChecker.make(cacheFolder: Self.caches, scratch: folder.url.appendingPathComponent("scratch"))
        let report = try await checker.check(exercise, source: file)

        #expect(report.outcome == .compileFailed, "the mistake compiled (\(report.outcome)): it no longer belongs in the corpus")
        let context = ExplanationContext(
            learnerFile: file.path, checksFile: exercise.hasChecks ? exercise.checks.path : nil, diagnostics: report.diagnostics,
            readText: { try? String(contentsOfFile: $0, encoding: .utf8) }
        )
        var actual: [ExplanationCase.ExpectedError] = []
        for diagnostic in report.diagnostics {
            // Every rule is asked on its own, so that one written for another case cannot hide
            // behind the rule tried before it.
            let matching = ExplanationRule.all.filter { $0.explanation(for: diagnostic, in: context) != nil }.map(\.id)
            #expect(matching.count <= 1, "more than one rule fits '\(diagnostic.message)': \(matching)")
            actual.append(.init(ExplanationRule.withoutGroupTag(diagnostic.message), rule: matching.first, explained: diagnostic.explanation))
        }
        #expect(
            actual == corpusCase.errors,
            "\(corpusCase.name): the errors and explanations differ from the corpus; the compiler gave:\n\(actual.map(\.description).joined(separator: "\n"))"
        )
        // The report as the learner reads it fits 80 columns, quoted source lines included.
        let shown = await MainActor.run { PlainReportText.text(of: report, exercise: exercise, learnerFile: file, fileSystem: LocalFileSystem()) }
        let wide = shown.split(separator: "\n").filter { ANSI.visibleWidth(String($0)) > 80 }
        #expect(wide.isEmpty, "\(corpusCase.name): lines wider than 80 columns:\n\(wide.joined(separator: "\n"))")
    }

    /// No rule without a case that proves it on real compiler output, and every rule explains
    /// at least one error of the corpus.
    @Test func everyRuleIsProvenByTheCorpus() {
        let expected = ExplanationCase.corpus.flatMap(\.errors)
        for rule in ExplanationRule.all {
            #expect(expected.contains { $0.rule == rule.id && $0.explanation != nil }, "no corpus case shows rule '\(rule.id)' explaining an error")
        }
        let known = Set(ExplanationRule.all.map(\.id))
        for error in expected {
            if let rule = error.rule { #expect(known.contains(rule), "the corpus names a rule that does not exist: \(rule)") }
        }
    }

    @Test func theCorpusHoldsAtLeastFortyMistakesWithSomeLeftUnexplained() {
        #expect(ExplanationCase.corpus.count >= 40)
        #expect(Set(ExplanationCase.corpus.map(\.name)).count == ExplanationCase.corpus.count, "two cases share a name")
        // Errors the compiler words plainly enough, or that no rule understands, are part of
        // the corpus too: they prove that such an error gets no plain-words line.
        #expect(ExplanationCase.corpus.filter { $0.errors.allSatisfy { $0.rule == nil } }.count >= 5)
    }
}
