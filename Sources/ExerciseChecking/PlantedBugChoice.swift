import DojoCatalog
import Foundation
import TestHostProtocol

/// How the code under test of a test-writing check learns which planted bug it is: Swift the
/// checker adds at the end of one file of the `Exercise` module, whose private variable the
/// bodies of a mutant schema switch on (see `PlantedBugSchemata`), set through one C function
/// that the program running the checks calls once, before any test runs (see didojo-test-host).
///
/// Every build of a test-writing exercise's code has it, at the end of the same file (the one
/// most planted bugs replace): the subject's, a planted bug's compiled alone, and a schema's.
/// So the builds declare the same things in the same files, their module interfaces are alike
/// byte for byte, and the learner's tests, compiled against the subject's, serve every planted
/// bug as they are. And a learner's test that looks for the function finds it in every run,
/// and one that calls it changes nothing: the first call, the program's, alone counts. (What a
/// run's code does is still the learner's tests' to find out, as it always was.)
enum PlantedBugChoice {
    /// The variable a schema's bodies switch on.
    static let variable = "didojoPlantedBug"

    /// The choice's storage and the function that sets it, in Swift.
    static let source = """

        // Made by DIDojo: which planted bug this code behaves as (0: none). Chosen once by the
        // program that runs the checks, before any test runs; later calls change nothing.
        private nonisolated(unsafe) var \(variable) = 0
        private nonisolated(unsafe) var didojoPlantedBugChosen = false

        @_cdecl("\(TestHostProtocol.plantedBugChooserSymbol)")
        func didojoChoosePlantedBug(_ bug: Int) {
            guard !didojoPlantedBugChosen else { return }
            didojoPlantedBugChosen = true
            \(variable) = bug
        }

        """

    /// The subject's file that holds the choice in every build of `subject` with these
    /// `mutants`: the one most of them replace (its schema holds the choice too), or the first.
    static func hostFile(of subject: [URL], mutants: [Mutant]) -> URL? {
        let replaced = mutants.flatMap(\.files).map(\.lastPathComponent)
        return subject.max { first, second in
            let (a, b) = (replaced.count { $0 == first.lastPathComponent }, replaced.count { $0 == second.lastPathComponent })
            return a != b ? a < b : first.lastPathComponent > second.lastPathComponent
        }
    }

    /// `text` (a version of the host file named `name`) with the choice at its end, as a file
    /// of a run's own: in a folder of its own, as the file's name counts in the module's
    /// interface, and the run's folder has files of its own.
    static func file(named name: String, text: String) -> CheckProgramRequest.GeneratedFile {
        CheckProgramRequest.GeneratedFile(name: "code/\(name)", text: text + source)
    }

    /// The code under test of one build: `files` (the subject's, or a planted bug's in their
    /// place) with the host file's version among them taken out and made a run's file with the
    /// choice; nil when the host file's version cannot be read (the compile then says why).
    static func codeUnderTest(
        _ files: [URL], host: URL?, text: (URL) -> String?
    ) -> (underTest: [URL], generated: CheckProgramRequest.GeneratedFile)? {
        guard let host, let version = files.last(where: { $0.lastPathComponent == host.lastPathComponent }),
              let text = text(version) else { return nil }
        return (files.filter { $0 != version }, file(named: host.lastPathComponent, text: text))
    }
}
