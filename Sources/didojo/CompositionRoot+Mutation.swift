import DojoCatalog
import DojoCore
import DojoGrading
import DojoShell
import ExerciseChecking
import Foundation
import MutationTesting

extension CompositionRoot {
    /// What runs `verify --mutate`: the checker given, the generator told each lesson's
    /// vocabulary and ambient contexts (learned from its modules' sources, as the checker's
    /// wiring analysis is), the mutated files and their verdicts kept in the cache folder.
    func mutationVerifier(checker: any ExerciseChecker, catalog: LessonCatalog) -> MutationVerifier {
        let vocabularies = wiringVocabularies()
        var generators: [String: MutantGenerator] = [:]
        for lesson in catalog.lessons {
            let vocabulary = vocabularies.vocabulary(for: lesson).vocabulary
            generators[lesson.id] = MutantGenerator(
                vocabulary: vocabulary, ambients: AmbientAccessors.learned(from: vocabularies.sources(for: lesson), vocabulary: vocabulary))
        }
        let kept = generators
        return MutationVerifier(
            checker: checker, fileSystem: fileSystem, workFolder: cacheFolder.appendingPathComponent("mutants"),
            verdicts: CompiledStepCache(folder: cacheFolder.appendingPathComponent("mutant-verdicts"), fileSystem: fileSystem, timeSource: timeSource, limit: 20_000),
            fingerprint: mutationFingerprint(),
            makeMutants: { exercise, source in 
                (kept[exercise.lessonID] ?? MutantGenerator()).mutants(of: source, leaving: Set(exercise.given))
            }
        )
    }

    /// What a mutant's verdict depends on beyond the lesson's files: the compiler and the
    /// built lesson modules, by path and modification time.
    private func mutationFingerprint() -> String {
        let compiler = CompilingChecker.compiler(environment: environment, fileSystem: fileSystem)
        let buildFolder = executable.resolvingSymlinksInPath().deletingLastPathComponent()
        let built = ((try? fileSystem.contentsOfDirectory(at: buildFolder)) ?? [])
            .filter { $0.lastPathComponent.hasPrefix("libDIDojoLessons") }
        return ([compiler].compactMap { $0 } + built).map { url in
            "\(url.path)@\(fileSystem.modificationDate(of: url.resolvingSymlinksInPath())?.timeIntervalSince1970 ?? 0)"
        }.joined(separator: "\n")
    }
}
