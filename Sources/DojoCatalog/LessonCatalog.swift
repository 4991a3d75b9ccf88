import DojoCore
import Foundation
import Synchronization

/// Every lesson under Lessons/, in order, plus the problems of those that failed to load,
/// and the course's glossary.
public struct LessonCatalog: Sendable {
    package let lessons: [Lesson]
    /// One per lesson that could not be loaded; shown at start-up, never fatal.
    package let problems: [LessonLoadProblem]
    /// Reads the glossary when it is asked for (see `glossary`).
    private let readGlossary: @Sendable () -> Result<Glossary, LessonLoadProblem>?

    /// The terms of `glossary.md` in the lessons folder, or why it could not be read; nil
    /// when there is no such file. Its problem is told by `glossary`, not at start-up: the
    /// lessons are all there without it. Read and parsed when asked for (by the `glossary`
    /// command, a few milliseconds), not at every start: `didojo check` never needs it.
    package var glossary: Result<Glossary, LessonLoadProblem>? { readGlossary() }

    package init(lessons: [Lesson], problems: [LessonLoadProblem] = [], glossary: Result<Glossary, LessonLoadProblem>? = nil) {
        self.init(lessons: lessons, problems: problems, readGlossary: { glossary })
    }

    private init(lessons: [Lesson], problems: [LessonLoadProblem], readGlossary: @escaping @Sendable () -> Result<Glossary, LessonLoadProblem>?) {
        self.lessons = lessons
        self.problems = problems
        self.readGlossary = readGlossary
    }

    /// The same lessons in another order or cut down (a workshop's), with the same glossary.
    package func with(lessons: [Lesson], problems: [LessonLoadProblem]) -> LessonCatalog {
        LessonCatalog(lessons: lessons, problems: problems, readGlossary: readGlossary)
    }

    /// Loads every `NN-id` folder in `folder`, in name order, and the glossary beside them.
    ///
    /// The lessons are read side by side, one per core: this happens before the shell's first
    /// prompt, and decoding the manifests (Yams, unoptimised in a debug build) is most of it,
    /// unless `manifestCache` has them from an earlier start (see `LessonLoader`).
    ///
    /// - Parameter choose: given the ids of the lesson folders, in the order they load in, the
    ///   ids of those to load (what a single check needs, without listing the folder twice);
    ///   nil loads every lesson.
    package static func load(
        from folder: URL, fileSystem: any FileSystem, manifestCache: CompiledStepCache? = nil,
        choosing choose: (([String]) -> Set<String>)? = nil
    ) -> LessonCatalog {
        guard let entries = try? fileSystem.contentsOfDirectory(at: folder) else {
            return LessonCatalog(lessons: [], problems: [
                LessonLoadProblem(path: folder.path, problem: "the lessons folder cannot be read"),
            ])
        }
        let named = entries.compactMap { entry in
            LessonLoader.lessonID(forFolderNamed: entry.lastPathComponent).map { (id: $0, folder: entry) }
        }
        let chosen = choose?(named.map(\.id))
        let folders = named.filter { chosen?.contains($0.id) ?? true }.map(\.folder).filter { fileSystem.directoryExists(at: $0) }
        let loader = LessonLoader(fileSystem: fileSystem, manifestCache: manifestCache)
        let loaded = LoadedLessons(count: folders.count)
        DispatchQueue.concurrentPerform(iterations: folders.count) { index in
            loaded[index] = Result { () throws(LessonLoadProblem) in try loader.load(folder: folders[index]) }
        }
        var lessons: [Lesson] = []
        var problems: [LessonLoadProblem] = []
        for (folder, result) in zip(folders, loaded.all) {
            switch result {
            case .success(let lesson) where lessons.contains(where: { $0.id == lesson.id }):
                problems.append(LessonLoadProblem(path: folder.path, problem: "another lesson already has the id '\(lesson.id)'"))
            case .success(let lesson):
                lessons.append(lesson)
            case .failure(let problem):
                problems.append(problem)
            }
        }
        return LessonCatalog(lessons: lessons, problems: problems, readGlossary: { loadGlossary(in: folder, fileSystem: fileSystem) })
    }

    /// `glossary.md` of the lessons folder: a few dozen short entries.
    private static func loadGlossary(in folder: URL, fileSystem: any FileSystem) -> Result<Glossary, LessonLoadProblem>? {
        let file = folder.appendingPathComponent(Glossary.fileName)
        guard fileSystem.fileExists(at: file) else { return nil }
        do {
            return .success(Glossary(markdown: try fileSystem.text(of: file)))
        } catch DojoError.notUTF8 {
            return .failure(LessonLoadProblem(path: file.path, problem: "is not UTF-8 text; save it as UTF-8"))
        } catch {
            return .failure(LessonLoadProblem(path: file.path, problem: "cannot be read: \(error.localizedDescription)"))
        }
    }

    package func lesson(id: String) -> Lesson? {
        lessons.first { $0.id == id }
    }

    /// The exercise `lesson-id.n`.
    package func exercise(id: String) -> Exercise? {
        lessons.lazy.flatMap(\.exercises).first { $0.id == id }
    }

    package var allExercises: [Exercise] {
        lessons.flatMap(\.exercises)
    }

    /// The lesson after `id`, if any.
    package func lesson(after id: String) -> Lesson? {
        guard let index = lessons.firstIndex(where: { $0.id == id }), index + 1 < lessons.count else { return nil }
        return lessons[index + 1]
    }

    package func lesson(before id: String) -> Lesson? {
        guard let index = lessons.firstIndex(where: { $0.id == id }), index > 0 else { return nil }
        return lessons[index - 1]
    }
}

/// Where the lessons loaded side by side land, each in its folder's place.
private final class LoadedLessons: Sendable {
    private let results: Mutex<[Result<Lesson, LessonLoadProblem>?]>

    init(count: Int) {
        results = Mutex(Array(repeating: nil, count: count))
    }

    subscript(index: Int) -> Result<Lesson, LessonLoadProblem>? {
        get { results.withLock { $0[index] } }
        set { results.withLock { $0[index] = newValue } }
    }

    /// Every result, once each folder has one.
    var all: [Result<Lesson, LessonLoadProblem>] {
        results.withLock { $0.map { $0! } }
    }
}
