import Foundation
import WiringAnalysis
import WiringModel

/// The repository's folders, found from this file's own path.
enum Repository {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let lessons = root.appendingPathComponent("Lessons")
    static let sources = root.appendingPathComponent("Sources")

    /// Every `.swift` file in a folder (not its subfolders), sorted, labelled with `label/<name>`.
    static func swiftFiles(in folder: URL, label: String) throws -> [SourceFile] {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".swift") }
            .sorted()
        return try names.map { name in
            SourceFile(path: "\(label)/\(name)", text: try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8))
        }
    }
}

/// One exercise's files, as the checker compiles them.
struct LessonExercise: CustomStringConvertible {
    /// The lesson folder, e.g. `01-no-di`.
    let lesson: String
    let number: Int

    var folder: URL {
        Repository.lessons.appendingPathComponent(lesson).appendingPathComponent("exercises/\(number)")
    }

    var description: String { "\(lesson).\(number)" }

    /// `starter.swift` or `solution.swift`, labelled `01-no-di/1/starter.swift`.
    func file(_ name: String) throws -> SourceFile {
        SourceFile(
            path: "\(lesson)/\(number)/\(name)",
            text: try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
        )
    }

    var starter: SourceFile { get throws { try file("starter.swift") } }
    var solution: SourceFile { get throws { try file("solution.swift") } }

    /// `support/` or `subject/` files, if there are any.
    func extra(_ folderName: String) throws -> [SourceFile] {
        let folder = self.folder.appendingPathComponent(folderName)
        guard FileManager.default.fileExists(atPath: folder.path) else { return [] }
        return try Repository.swiftFiles(in: folder, label: "\(lesson)/\(number)/\(folderName)")
    }

    /// Every exercise folder under `Lessons/`.
    static func all() throws -> [LessonExercise] {
        let lessons = try FileManager.default.contentsOfDirectory(atPath: Repository.lessons.path)
            .filter { $0.first?.isNumber == true }
            .sorted()
        return try lessons.flatMap { lesson in
            let exercises = Repository.lessons.appendingPathComponent(lesson).appendingPathComponent("exercises")
            return try FileManager.default.contentsOfDirectory(atPath: exercises.path)
                .compactMap(Int.init)
                .sorted()
                .map { LessonExercise(lesson: lesson, number: $0) }
        }
    }
}

/// The vocabularies a caller would pass: learned from `Sources/Domain` and the lesson's module.
enum LessonVocabulary {
    /// Each lesson folder's module, as its `lesson.yaml` names it: a new lesson is analysed with
    /// its module's vocabulary without being listed here.
    static let modules: [String: String] = {
        let folders = (try? FileManager.default.contentsOfDirectory(atPath: Repository.lessons.path)) ?? []
        return Dictionary(uniqueKeysWithValues: folders.filter { $0.first?.isNumber == true }.compactMap { folder in
            let manifest = Repository.lessons.appendingPathComponent(folder).appendingPathComponent("lesson.yaml")
            let module = (try? String(contentsOf: manifest, encoding: .utf8))?
                .split(separator: "\n")
                .first { $0.hasPrefix("module:") }
                .map { $0.dropFirst("module:".count).trimmingCharacters(in: .whitespaces) }
            return module.map { (folder, $0) }
        })
    }()

    /// Learned once for all the tests.
    static let byLesson: [String: WiringVocabulary] = {
        let domain = (try? Repository.swiftFiles(in: Repository.sources.appendingPathComponent("Domain"), label: "Domain")) ?? []
        return modules.mapValues { module in
            let files = (try? Repository.swiftFiles(in: Repository.sources.appendingPathComponent(module), label: module)) ?? []
            return WiringVocabulary.learned(from: domain + files)
        }
    }()

    /// The Local Defaults a lesson's manifest accepts (`tolerated-defaults`): none today. The
    /// setter lesson names its clock's `SystemClock()` default a Foreign Default, and exercise
    /// 2's logger defaults to `ConsoleLogger`, declared in the learner's own file.
    static let localDefaults: [String: Set<String>] = [:]

    static func of(_ exercise: LessonExercise) -> WiringVocabulary {
        var vocabulary = byLesson[exercise.lesson] ?? .empty
        vocabulary.localDefaults = localDefaults[exercise.lesson] ?? []
        return vocabulary
    }
}

extension LessonExercise {
    /// The analysis of one of the exercise's files with the lesson's vocabulary (and `extra` files).
    func analyze(_ file: SourceFile, with extra: [SourceFile] = [], vocabulary: WiringVocabulary? = nil) -> WiringReport {
        WiringAnalyzer(vocabulary: vocabulary ?? LessonVocabulary.of(self)).analyze([file] + extra)
    }
}

/// A finding reduced to what the tests compare: id, file name, line, type, member, target.
struct FindingSummary: Hashable, CustomStringConvertible {
    let id: String
    let line: Int
    let type: String
    let member: String?
    let target: String?

    init(_ id: String, line: Int, type: String, member: String?, target: String?) {
        self.id = id
        self.line = line
        self.type = type
        self.member = member
        self.target = target
    }

    init(_ finding: WiringFinding) {
        self.init(finding.kind.id, line: finding.line, type: finding.type, member: finding.member, target: finding.target)
    }

    var description: String { "\(id)@\(line) \(type).\(member ?? "-") → \(target ?? "-")" }
}

extension WiringReport {
    /// The findings in `file` (all files when nil), as summaries.
    func summaries(in file: String? = nil) -> [FindingSummary] {
        findings.filter { file == nil || $0.file == file }.map(FindingSummary.init)
    }
}

extension WiringReport {
    /// The edges of one kind as `from → to`.
    func edges(_ kind: WiringEdge.Kind) -> Set<String> {
        Set(graph.edges.filter { $0.kind == kind }.map { "\($0.from) → \($0.to)" })
    }

    /// The composition roots as `node (reason)`.
    var roots: [String] {
        graph.compositionRoots.map { "\($0.node) (\($0.reason.rawValue))" }
    }
}
