import ContentHash
import DojoCatalog
import DojoCore
import Foundation
import MutationTesting

/// For lesson authors and CI: proves that an exercise's checks are strong, by running them
/// against every mutant of its reference solution (each a copy with one small change, made
/// by `MutantGenerator`) through the same checker as a learner's check. A mutant the checks
/// reject is killed; one they pass survived: a wrong answer a learner could hand in.
///
/// For a test-writing exercise the mutants are of the subject, and the reference solution's
/// tests must kill each: they are run against them as against the exercise's planted bugs.
package struct MutationVerifier: Sendable {
    /// The mutants of `source` (a file of `exercise`: its solution, or a subject file).
    package typealias MakeMutants = @Sendable (_ exercise: Exercise, _ source: String) -> [SourceMutant]

    private let checker: any ExerciseChecker
    private let fileSystem: any FileSystem
    private let workFolder: URL
    private let verdicts: CompiledStepCache?
    private let fingerprint: String
    private let makeMutants: MakeMutants

    /// - Parameters:
    ///   - workFolder: where the mutated files are written, each under a name made from its
    ///     content, so that the checker's step cache finds them again in the next run.
    ///   - verdicts: keeps each mutant's verdict by everything it depends on (the mutated
    ///     file, the exercise's files and rules, `fingerprint`); nil checks every mutant.
    ///   - fingerprint: what else the verdicts depend on: the compiler's and the lesson
    ///     library's builds, which the composition root knows.
    package init(
        checker: any ExerciseChecker, fileSystem: any FileSystem, workFolder: URL, verdicts: CompiledStepCache? = nil,
        fingerprint: String = "", makeMutants: @escaping MakeMutants
    ) {
        self.checker = checker
        self.fileSystem = fileSystem
        self.workFolder = workFolder
        self.verdicts = verdicts
        self.fingerprint = fingerprint
        self.makeMutants = makeMutants
    }

    /// One mutant to check: which file of the exercise it changes, and how.
    private struct Job: Sendable {
        let exercise: Exercise
        /// The file changed: the learner's file name, or a subject file's.
        let fileName: String
        let original: String
        let mutant: SourceMutant
    }

    /// Every exercise's mutants checked, `concurrency` checks at a time; the reports in the
    /// exercises' order. `progress` hears of each exercise as its mutants are made.
    package func verify(
        _ exercises: [Exercise], concurrency: Int = 2, progress: @escaping @Sendable (String) -> Void = { _ in }
    ) async throws -> [MutationReport] {
        var reports: [MutationReport] = []
        for exercise in exercises {
            let jobs = try jobs(for: exercise)
            progress("\(exercise.id): \(jobs.count) mutants")
            let verdicts: [MutationReport.Verdict]
            switch exercise.kind {
            case .implement:
                try await requireThatTheSolutionPasses(exercise)
                verdicts = try await jobs.concurrentMap(limit: concurrency) { job in try await self.verdict(of: job) }
            case .test:
                verdicts = try await subjectVerdicts(of: jobs, exercise: exercise)
            }
            reports.append(MutationReport(exercise: exercise, findings: zip(jobs, verdicts).map { job, verdict in
                MutationReport.Finding(
                    mutant: job.mutant, fileName: job.fileName, verdict: verdict,
                    diff: job.mutant.diff(from: job.original, fileName: job.fileName),
                    equivalence: Self.equivalence(of: job, in: exercise)
                )
            }))
        }
        return reports
    }

    /// The mutants of the solution, or of each subject file of a test-writing exercise.
    private func jobs(for exercise: Exercise) throws -> [Job] {
        let files: [(name: String, url: URL)] = exercise.kind == .test
            ? exercise.subject.map { ($0.lastPathComponent, $0) }
            : [(exercise.fileName, exercise.solution)]
        try checkGiven(of: exercise)
        return try files.flatMap { file in
            let text = try fileSystem.text(of: file.url)
            return makeMutants(exercise, text)
                // A default argument changes no behaviour a test could see (only a wiring rule
                // on the learner's file can): no planted bug of a subject.
                .filter { exercise.kind == .implement || $0.operator != .defaultInjection }
                .map { Job(exercise: exercise, fileName: file.name, original: text, mutant: $0) }
        }
    }

    /// The code `given` names is left unmutated only when the learner really is given it: the
    /// solution declares it, word for word as the starter does. Else the learner writes it, and
    /// its mutants are wrong answers the checks must see.
    private func checkGiven(of exercise: Exercise) throws {
        guard !exercise.given.isEmpty else { return }
        let names = Set(exercise.given)
        let solution = GivenCode(names: names, in: try fileSystem.text(of: exercise.solution))
        let starter = GivenCode(names: names, in: try fileSystem.text(of: exercise.starter))
        if let name = solution.missing.first {
            throw DojoError.givenCodeNotGiven(exerciseID: exercise.id, problem: "lesson.yaml's 'given' names \(name), which the solution does not declare at its top level")
        }
        if let name = exercise.given.first(where: { solution.texts[$0] != starter.texts[$0] }) {
            throw DojoError.givenCodeNotGiven(
                exerciseID: exercise.id,
                problem: "lesson.yaml's 'given' names \(name), but the solution's \(name) is not the starter's: the learner writes it, so its mutants count; take it out of 'given'")
        }
    }

    /// The declared equivalent that matches the job's mutant, if any.
    private static func equivalence(of job: Job, in exercise: Exercise) -> EquivalentMutant? {
        exercise.equivalents.first { declared in
            declared.operator == job.mutant.operator.rawValue && declared.line == job.mutant.line
                && (declared.file == nil || declared.file == job.fileName || exercise.kind == .implement)
        }
    }

    /// Where a mutated file is written: a folder named by its content, with the file's name.
    private func file(for job: Job) throws -> URL {
        var key = CacheKey(independentOfBuild: "didojo mutant file")
        key.add(job.exercise.id)
        key.add(job.mutant.source)
        let folder = workFolder.appendingPathComponent(job.exercise.id).appendingPathComponent(String(ContentHash.hex(of: key.data).prefix(16)))
        let url = folder.appendingPathComponent(job.fileName)
        if (try? fileSystem.text(of: url)) != job.mutant.source {
            try fileSystem.write(job.mutant.source, to: url)
        }
        return url
    }

    /// Everything a mutant's verdict depends on.
    private func verdictKey(of job: Job) throws -> CacheKey {
        try key("didojo mutant verdict, version 1", exercise: job.exercise, fileName: job.fileName, source: job.mutant.source)
    }

    /// Mutants of a solution that fails its own checks prove nothing: each would be dropped or
    /// killed for the solution's fault, and the run would say that all hold. So the solution,
    /// unchanged, is checked first, as the learner's file (its pass is kept like a verdict).
    private func requireThatTheSolutionPasses(_ exercise: Exercise) async throws {
        let source = try fileSystem.text(of: exercise.solution)
        let key = try key("didojo solution passes, version 1", exercise: exercise, fileName: exercise.fileName, source: source)
        if verdicts?.value(Bool.self, for: key) == true { return }
        let file = workFolder.appendingPathComponent(exercise.id).appendingPathComponent("solution").appendingPathComponent(exercise.fileName)
        try fileSystem.write(source, to: file)
        let report = try await checker.check(exercise, source: file)
        guard report.outcome != .cancelled else { throw CancellationError() }
        guard report.passed else {
            throw DojoError.mutationRunFailed(exerciseID: exercise.id, reason: "the solution itself does not pass its checks (\(VerificationLine.problem(report)))")
        }
        verdicts?.store(true, for: key)
    }

    /// Everything the verdict on `source`, checked as the learner's file `fileName`, depends on.
    private func key(_ purpose: String, exercise: Exercise, fileName: String, source: String) throws -> CacheKey {
        var key = CacheKey(purpose)
        key.add(fingerprint)
        key.add(exercise.id)
        key.add(exercise.fileName)
        key.add(fileName)
        key.add(source)
        for url in [exercise.solution] + (exercise.hasChecks ? [exercise.checks] : []) + exercise.support + exercise.subject {
            key.add(url.lastPathComponent)
            key.add(try fileSystem.contents(of: url))
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        key.add(try encoder.encode(exercise.wiring))
        key.add(try encoder.encode(exercise.warningsAsErrors))
        key.add(String(exercise.languageMode))
        return key
    }

    /// A mutant of the learner's file, checked as the learner's file.
    private func verdict(of job: Job) async throws -> MutationReport.Verdict {
        let key = try verdictKey(of: job)
        if let kept = verdicts?.value(MutationReport.Verdict.self, for: key) { return kept }
        let report = try await checker.check(job.exercise, source: try file(for: job))
        let verdict: MutationReport.Verdict = switch report.outcome {
        case .compileFailed: .dropped
        case .passed: .survived
        case .cancelled: throw CancellationError()
        default: .killed
        }
        verdicts?.store(verdict, for: key)
        return verdict
    }

    /// Mutants of the subject: the reference tests run against them as against the planted
    /// bugs, by a check of the solution with the generated mutants in the planted ones' place.
    private func subjectVerdicts(of jobs: [Job], exercise: Exercise) async throws -> [MutationReport.Verdict] {
        var verdicts: [MutationReport.Verdict?] = []
        var pending: [(index: Int, job: Job, key: CacheKey)] = []
        for (index, job) in jobs.enumerated() {
            let key = try verdictKey(of: job)
            let kept = self.verdicts?.value(MutationReport.Verdict.self, for: key)
            verdicts.append(kept)
            if kept == nil { pending.append((index, job, key)) }
        }
        guard !pending.isEmpty else { return verdicts.compactMap { $0 } }
        var planted: [Mutant] = []
        for (index, job, _) in pending {
            planted.append(Mutant(id: "generated-\(index)", description: job.mutant.description, files: [try file(for: job)]))
        }
        let withGenerated = Exercise(
            lessonID: exercise.lessonID, number: exercise.number, title: exercise.title, task: exercise.task, hints: exercise.hints,
            fileName: exercise.fileName, starter: exercise.starter, solution: exercise.solution, checks: exercise.checks,
            support: exercise.support, kind: exercise.kind, subject: exercise.subject, mutants: planted, hasChecks: exercise.hasChecks,
            wiring: exercise.wiring, warningsAsErrors: exercise.warningsAsErrors, languageMode: exercise.languageMode
        )
        let report = try await checker.check(withGenerated, source: exercise.solution)
        guard report.outcome != .cancelled else { throw CancellationError() }
        guard report.mutants.count == planted.count else {
            throw DojoError.mutationRunFailed(exerciseID: exercise.id, reason: "the reference tests do not pass against the subject (\(VerificationLine.problem(report)))")
        }
        for ((index, _, key), result) in zip(pending, report.mutants) {
            let verdict: MutationReport.Verdict = switch result.report.outcome {
            case .compileFailed: .dropped
            case .passed: .survived
            case .cancelled: throw CancellationError()
            default: .killed
            }
            self.verdicts?.store(verdict, for: key)
            verdicts[index] = verdict
        }
        return verdicts.compactMap { $0 }
    }
}
