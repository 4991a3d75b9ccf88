import DojoCore
import Foundation

/// One program a check builds and runs: the code under test, the tests on it, and which of
/// the tests to run. An implementation exercise's check is one such program; a test-writing
/// exercise's check is one for the subject and one for each planted bug.
struct CheckProgramRequest: Sendable {
    let exerciseID: String
    /// The learner's file with the exercise's support files, or the subject (or a mutant of it).
    var underTest: [URL]
    /// Files made for this run and compiled with `underTest`, written into the run's folder
    /// first: a test-writing exercise's planted-bug chooser (`PlantedBugChoice`), or the one
    /// file that holds several planted bugs (see `PlantedBugSchemata`).
    var generatedUnderTest: [GeneratedFile] = []
    /// Which planted bug the code under test behaves as, when it holds several (0: none).
    var plantedBug = 0
    /// The lesson's checks, or the learner's tests (with the lesson's checks on them).
    let tests: [URL]
    /// The learner's file, among `underTest` or `tests`.
    let learnerFile: URL
    /// Every test case the tests hold: the generated entry point knows them all.
    let testCases: [DiscoveredTestCase]
    /// The test classes to run; all of them when empty.
    var runOnly: [String] = []
    /// The step that compiles the learner's file, and the exercise's extra flags for it.
    let learnerStep: CompileStep
    let learnerFlags: [String]
    /// The learner's file as the check read and parsed it, once for every reading of it (see
    /// `CompilingChecker.read(_:for:)`); nil: each reading parses it.
    var learnerParse: Task<ParsedSource?, Never>?
    /// A test-writing check's reading of the learner's tests (see `LearnerTestsReading`): the
    /// copy of their file that is compiled leaves out the imports it found.
    var learnerTestsReading: LearnerTestsReading?

    /// A file made for a run: its name in the run's folder, and its text.
    struct GeneratedFile: Sendable, Equatable {
        let name: String
        let text: String
    }

    /// Whether `other`'s code under test is the same files as this one's: one compile serves both.
    func compilesAsTheSameCode(as other: CheckProgramRequest) -> Bool {
        underTest == other.underTest && generatedUnderTest == other.generatedUnderTest && flags(for: .exerciseModule) == other.flags(for: .exerciseModule)
    }

    /// The extra compiler flags of `step`: the exercise's, for the module its learner's file is in.
    func flags(for step: CompileStep) -> [String] {
        step == learnerStep ? learnerFlags : []
    }

    /// How many checks must report for the run to be whole.
    var expectedCount: Int {
        testCases.filter { runOnly.isEmpty || runOnly.contains($0.className) }.reduce(0) { $0 + $1.methods.count }
    }
}
