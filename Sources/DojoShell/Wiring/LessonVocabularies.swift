import DojoCatalog
import DojoCore
import Foundation
import Synchronization
import WiringAnalysis

/// What the wiring analysis is told about each lesson's modules: learned from the sources of
/// `Domain` and the lesson's module (`Sources/<Module>/*.swift` of the DIDojo checkout beside
/// the Lessons folder), with the lesson's `tolerated-defaults`.
///
/// Learning reads some forty files with SwiftParser, about half a second in a debug build, so it
/// happens the first time a lesson's vocabulary is asked for, once per process, and the result
/// is kept in the step cache by the sources' contents: the next `didojo` reads a few kilobytes
/// of JSON instead. Shared by the checker (through the composition root) and `graph`.
package final class LessonVocabularies: Sendable {
    /// A lesson's vocabulary, and the module folders it could not read.
    package struct Learned: Sendable, Equatable {
        package let vocabulary: WiringVocabulary
        /// The source folders that are not there (an installation without `Sources/`): the
        /// analysis then judges those modules' types by their names alone.
        package let missingFolders: [URL]

        package init(vocabulary: WiringVocabulary, missingFolders: [URL]) {
            self.vocabulary = vocabulary
            self.missingFolders = missingFolders
        }
    }

    /// The module every lesson's code imports.
    static let domainModule = "Domain"

    /// `Sources/` of the checkout, where each module is a folder.
    package let sourcesFolder: URL
    private let fileSystem: any FileSystem
    private let cache: CompiledStepCache?
    /// Learned in this process, by module list.
    private let learned = Mutex<[String: (vocabulary: WiringVocabulary, missing: [URL])]>([:])

    /// - Parameter cache: where learned vocabularies are kept between processes; nil keeps
    ///   them in this process only.
    package init(sourcesFolder: URL, fileSystem: any FileSystem, cache: CompiledStepCache?) {
        self.sourcesFolder = sourcesFolder
        self.fileSystem = fileSystem
        self.cache = cache
    }

    /// The `Sources` folder beside a `Lessons` folder: both are in the root of the checkout.
    package static func sourcesFolder(besideLessons lessonsFolder: URL) -> URL {
        lessonsFolder.standardizedFileURL.deletingLastPathComponent().appendingPathComponent("Sources")
    }

    /// The folder of one module's sources.
    package func folder(ofModule module: String) -> URL {
        sourcesFolder.appendingPathComponent(module)
    }

    /// The vocabulary for `lesson`'s files: `Domain` and its module, and its tolerated defaults.
    package func vocabulary(for lesson: Lesson) -> Learned {
        let modules = lesson.module == Self.domainModule ? [lesson.module] : [Self.domainModule, lesson.module]
        let (vocabulary, missing) = vocabulary(ofModules: modules)
        var withDefaults = vocabulary
        withDefaults.localDefaults.formUnion(lesson.toleratedDefaults)
        return Learned(vocabulary: withDefaults, missingFolders: missing)
    }

    /// The sources of `lesson`'s modules (`Domain` and its own), for what else is learned
    /// from them: the ambient contexts `verify --mutate` hard-wires to (`AmbientAccessors`).
    package func sources(for lesson: Lesson) -> [SourceFile] {
        let modules = lesson.module == Self.domainModule ? [lesson.module] : [Self.domainModule, lesson.module]
        return modules.flatMap { module in
            let folder = folder(ofModule: module)
            return fileSystem.directoryExists(at: folder) ? swiftFiles(in: folder, label: module) : []
        }
    }

    /// The vocabulary learned from `modules` together (a type of one may conform to a protocol
    /// of another), learned once per process.
    private func vocabulary(ofModules modules: [String]) -> (vocabulary: WiringVocabulary, missing: [URL]) {
        let name = modules.joined(separator: "+")
        if let known = learned.withLock({ $0[name] }) { return known }
        // Worked out outside the lock: two checks side by side may both learn it the first
        // time, which costs less than one waiting for the other.
        var files: [SourceFile] = []
        var missing: [URL] = []
        for module in modules {
            let folder = folder(ofModule: module)
            guard fileSystem.directoryExists(at: folder) else {
                missing.append(folder)
                continue
            }
            files += swiftFiles(in: folder, label: module)
        }
        let vocabulary = files.isEmpty ? .empty : kept(files)
        learned.withLock { $0[name] = (vocabulary, missing) }
        return (vocabulary, missing)
    }

    /// The vocabulary of `files`, from the step cache when these very sources were learned before.
    private func kept(_ files: [SourceFile]) -> WiringVocabulary {
        guard let cache else { return WiringVocabulary.learned(from: files) }
        var key = CacheKey("didojo wiring vocabulary, version 1")
        for file in files {
            key.add(file.path)
            key.add(file.text)
        }
        return cache.value(WiringVocabulary.self, for: key) { WiringVocabulary.learned(from: files) }
    }

    /// The `.swift` files of a folder (not its subfolders), labelled `<label>/<name>`.
    func swiftFiles(in folder: URL, label: String) -> [SourceFile] {
        let urls = ((try? fileSystem.contentsOfDirectory(at: folder)) ?? []).filter { $0.pathExtension == "swift" }
        return urls.compactMap { url in
            (try? fileSystem.text(of: url)).map { SourceFile(path: "\(label)/\(url.lastPathComponent)", text: $0) }
        }
    }
}
