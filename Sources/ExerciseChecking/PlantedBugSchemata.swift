import DojoCatalog
import DojoCore
import Foundation
import MutationTesting

/// Which of a test-writing exercise's planted bugs are compiled together, as one file that
/// holds them all and a number that chooses one when the checks run (see `MutantSchema`).
///
/// Why: each planted bug was compiled and linked on its own. With an empty cache (the first
/// check of an exercise, or of a fresh install) that was eleven compiler processes for
/// constructor.4, each loading the standard library, Foundation and the lesson modules for a
/// file of thirty lines: about 80 ms of processor each, most of the check.
///
/// A planted bug joins the schema when it replaces the subject's file that holds the choice
/// (see `PlantedBugChoice`), that file alone, and differs from it only inside bodies; the
/// others, and all of them when fewer than two can join, are compiled alone, as before. Made
/// from the files' texts, and kept in the step cache by them: parsing a dozen files is not a
/// cost every check should pay.
struct PlantedBugSchemata: Sendable {
    /// A planted bug's place in the schema.
    struct Member: Sendable, Equatable {
        /// The schema's file, with the choice at its end, in place of the host file.
        let file: CheckProgramRequest.GeneratedFile
        /// The number that chooses it.
        let number: Int
    }

    /// By the planted bug's index in the exercise's list.
    let members: [Int: Member]

    /// The schema of those of `mutants` that replace `host`, a file of the subject, alone.
    static func of(host: URL?, mutants: [Mutant], text: (URL) -> String?, cache: CompiledStepCache) -> PlantedBugSchemata {
        guard let host, let original = text(host) else { return PlantedBugSchemata(members: [:]) }
        let indices = mutants.indices.filter { mutants[$0].files.map(\.lastPathComponent) == [host.lastPathComponent] }
        guard indices.count >= 2 else { return PlantedBugSchemata(members: [:]) }
        let variants = indices.map { text(mutants[$0].files[0]) ?? "" }
        var key = CacheKey("didojo planted bugs schema, version 1")
        key.add(original)
        for variant in variants { key.add(variant) }
        let made = cache.value(Made.self, for: key) {
            Made(schema: MutantSchema.make(original: original, variants: variants, choice: PlantedBugChoice.variable))
        }
        guard let schema = made.schema else { return PlantedBugSchemata(members: [:]) }
        let file = PlantedBugChoice.file(named: host.lastPathComponent, text: schema.text)
        var members: [Int: Member] = [:]
        for variant in schema.variants {
            members[indices[variant]] = Member(file: file, number: variant + 1)
        }
        return PlantedBugSchemata(members: members)
    }

    /// What the cache keeps: the schema, or that there is none.
    private struct Made: Codable {
        let schema: MutantSchema?
    }
}
