import DojoCatalog
import DojoCore
import Foundation

/// A planted bug's run of a test-writing check: compiled alone, or (when it joined one) in a
/// schema with others (see `PlantedBugSchemata`), which it tries first.
struct PlantedBugRequests: Sendable {
    let mutant: Mutant
    let alone: CheckProgramRequest
    let together: CheckProgramRequest?
    /// Its code's place among what the check compiles ahead (see `CompiledAhead`).
    let compiledAheadIndex: Int

    /// What a check of `exercise` runs against its planted bugs, and compiles ahead for them:
    /// each schema once, and each planted bug that compiles alone.
    struct All: Sendable {
        let bugs: [PlantedBugRequests]
        let compiledAhead: [CheckProgramRequest]
    }

    /// The runs of `exercise`'s planted bugs, made like `subject` (the subject's request,
    /// which gets the choice in its code too: every build has it, see `PlantedBugChoice`),
    /// running only the classes in `runOnly`.
    static func all(
        of exercise: Exercise, subject: inout CheckProgramRequest, runOnly: [String], fileSystem: any FileSystem, cache: CompiledStepCache
    ) -> All {
        let host = PlantedBugChoice.hostFile(of: exercise.subject, mutants: exercise.mutants)
        // Each lesson file read once: the choice and the schema want the same ones.
        var texts: [URL: String?] = [:]
        func text(of file: URL) -> String? {
            if let known = texts[file] { return known }
            let read = try? fileSystem.text(of: file)
            texts[file] = read
            return read
        }
        func withChoice(_ files: [URL]) -> (underTest: [URL], generated: [CheckProgramRequest.GeneratedFile]) {
            guard let code = PlantedBugChoice.codeUnderTest(files, host: host, text: text(of:)) else { return (files, []) }
            return (code.underTest, [code.generated])
        }
        (subject.underTest, subject.generatedUnderTest) = withChoice(exercise.subject)
        subject.underTest += exercise.support
        let onTheSubject = subject
        func onTheMutant(_ code: (underTest: [URL], generated: [CheckProgramRequest.GeneratedFile]), plantedBug: Int = 0) -> CheckProgramRequest {
            var request = CheckProgramRequest(
                exerciseID: exercise.id, underTest: code.underTest + exercise.support,
                tests: onTheSubject.tests, learnerFile: onTheSubject.learnerFile, testCases: onTheSubject.testCases,
                learnerStep: onTheSubject.learnerStep, learnerFlags: onTheSubject.learnerFlags
            )
            request.learnerTestsReading = onTheSubject.learnerTestsReading
            request.runOnly = runOnly
            request.generatedUnderTest = code.generated
            request.plantedBug = plantedBug
            return request
        }
        let schemata = PlantedBugSchemata.of(host: host, mutants: exercise.mutants, text: text(of:), cache: cache)
        var compiledAhead: [CheckProgramRequest] = []
        let bugs = exercise.mutants.enumerated().map { index, mutant in
            let alone = onTheMutant(withChoice(mutant.apply(to: exercise.subject)))
            let together = schemata.members[index].map { member in
                onTheMutant((exercise.subject.filter { $0 != host }, [member.file]), plantedBug: member.number)
            }
            // Compiled ahead once for all that compile as the same code (the members of a schema).
            let first = together ?? alone
            let aheadIndex: Int
            if let known = compiledAhead.firstIndex(where: { $0.compilesAsTheSameCode(as: first) }) {
                aheadIndex = known
            } else {
                compiledAhead.append(first)
                aheadIndex = compiledAhead.count - 1
            }
            return PlantedBugRequests(mutant: mutant, alone: alone, together: together, compiledAheadIndex: aheadIndex)
        }
        return All(bugs: bugs, compiledAhead: compiledAhead)
    }
}
