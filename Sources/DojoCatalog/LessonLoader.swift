import DojoCore
import Foundation
import Yams

/// Reads one lesson folder (`NN-id/`) into a `Lesson`, or says precisely what is wrong with it.
package struct LessonLoader: Sendable {
    private let fileSystem: any FileSystem
    private let manifestCache: CompiledStepCache?

    /// - Parameter manifestCache: where decoded manifests are kept, by their text. Reading
    ///   `lesson.yaml` with Yams, unoptimised in a debug build, is most of loading a lesson, and
    ///   every `didojo` command and the shell's start pay it; JSON from Foundation is read in a
    ///   fraction of the time. Nil reads the YAML every time.
    package init(fileSystem: any FileSystem, manifestCache: CompiledStepCache? = nil) {
        self.fileSystem = fileSystem
        self.manifestCache = manifestCache
    }

    /// The lesson id of a folder name like `02-constructor`, or nil when the name has no
    /// number prefix (such folders are not lessons).
    package static func lessonID(forFolderNamed name: String) -> String? {
        guard let dash = name.firstIndex(of: "-") else { return nil }
        let number = name[..<dash]
        let id = name[name.index(after: dash)...]
        guard !number.isEmpty, number.allSatisfy(\.isASCII), number.allSatisfy(\.isNumber),
              !id.isEmpty, id.allSatisfy({ $0.isASCII && ($0.isLowercase || $0.isNumber || $0 == "-") })
        else { return nil }
        return String(id)
    }

    package func load(folder: URL) throws(LessonLoadProblem) -> Lesson {
        guard let id = Self.lessonID(forFolderNamed: folder.lastPathComponent) else {
            throw LessonLoadProblem(path: folder.path, problem: "a lesson folder is named NN-id, like 01-no-di")
        }
        let folderPath = folder.path
        let manifest = try loadManifest(Self.file("lesson.yaml", in: folderPath))
        let pages = try loadPages(Self.folder("pages", in: folderPath))
        var exercises: [Exercise] = []
        for (index, entry) in manifest.exercises.enumerated() {
            exercises.append(try loadExercise(
                entry, number: index + 1, lessonID: id, lessonFolder: folder, lessonLanguageMode: manifest.languageMode))
        }
        return Lesson(
            id: id, title: manifest.title, summary: manifest.summary, module: manifest.module,
            folder: folder, pages: pages, exercises: exercises, toleratedDefaults: manifest.toleratedDefaults ?? []
        )
    }

    private func loadManifest(_ url: URL) throws(LessonLoadProblem) -> LessonManifest {
        let text = try readText(url)
        var key = CacheKey("didojo lesson manifest, version 2")
        key.add(text)
        if let kept = manifestCache?.value(LessonManifest.self, for: key) { return kept }
        let manifest: LessonManifest
        do {
            manifest = try YAMLDecoder().decode(LessonManifest.self, from: text)
        } catch let error as DecodingError {
            throw LessonLoadProblem(path: url.path, problem: Self.explain(error))
        } catch {
            throw LessonLoadProblem(path: url.path, problem: "is not valid YAML: \(error)")
        }
        if Self.isBlank(manifest.title) {
            throw LessonLoadProblem(path: url.path, problem: "the title is empty")
        }
        manifestCache?.store(manifest, for: key)
        return manifest
    }

    private func loadPages(_ folder: URL) throws(LessonLoadProblem) -> [LessonPage] {
        guard fileSystem.directoryExists(at: folder) else {
            throw LessonLoadProblem(path: folder.path, problem: "the pages folder is missing")
        }
        let files: [URL]
        do {
            files = try fileSystem.contentsOfDirectory(at: folder).filter { $0.pathExtension == "md" }
        } catch {
            throw LessonLoadProblem(path: folder.path, problem: "cannot be read: \(error.localizedDescription)")
        }
        guard !files.isEmpty else {
            throw LessonLoadProblem(path: folder.path, problem: "holds no .md pages")
        }
        var pages: [LessonPage] = []
        for file in files {
            let markdown = try readText(file)
            pages.append(LessonPage(title: Self.title(ofPage: markdown, file: file), markdown: markdown, file: file))
        }
        return pages
    }

    private func loadExercise(
        _ entry: ExerciseManifest, number: Int, lessonID: String, lessonFolder: URL, lessonLanguageMode: Int?
    ) throws(LessonLoadProblem) -> Exercise {
        let lessonPath = lessonFolder.path
        let folder = lessonPath + "/exercises/\(number)"
        let manifestPath = lessonPath + "/lesson.yaml"
        let languageMode = entry.languageMode ?? lessonLanguageMode ?? 5
        guard [5, 6].contains(languageMode) else {
            throw LessonLoadProblem(path: manifestPath, problem: "exercise \(number): language-mode must be 5 or 6, not \(languageMode)")
        }
        guard entry.file.hasSuffix(".swift"), !entry.file.contains("/"),
              !["main.swift", "Checks.swift"].contains(entry.file) else {
            throw LessonLoadProblem(path: manifestPath, problem: "exercise \(number): file must be a plain Swift file name other than main.swift and Checks.swift, not '\(entry.file)'")
        }
        let starter = Self.file("starter.swift", in: folder)
        let solution = Self.file("solution.swift", in: folder)
        let checks = Self.file("Checks.swift", in: folder)
        let kind = entry.kind ?? .implement
        let hasChecks = fileSystem.fileExists(at: checks)
        // Only whether the exercise's files are there, not what they hold: every command and
        // the shell's start load every lesson, and reading its hundreds of Swift files would
        // be most of that. A file the compiler cannot read says so when it is checked, and
        // `didojo verify` compiles every one of them.
        // A test-writing exercise is judged by its mutants; its checks are optional.
        for required in [starter, solution] + (kind == .implement ? [checks] : []) {
            guard fileSystem.fileExists(at: required) else {
                throw LessonLoadProblem(path: required.path, problem: "is missing (exercise \(lessonID).\(number) needs it)")
            }
        }
        let support = try swiftFiles(in: Self.folder("support", in: folder), required: false)
        var subject: [URL] = []
        var mutants: [Mutant] = []
        if kind == .test {
            subject = try swiftFiles(in: Self.folder("subject", in: folder), required: true)
            let declared = entry.mutants ?? []
            guard !declared.isEmpty else {
                throw LessonLoadProblem(path: manifestPath, problem: "exercise \(number) is a test-writing exercise (kind: test) but declares no mutants")
            }
            let subjectNames = Set(subject.map(\.lastPathComponent))
            for mutant in declared {
                let mutantFolder = Self.folder("mutants/\(mutant.id)", in: folder)
                let files = try swiftFiles(in: mutantFolder, required: true)
                if let stray = files.first(where: { !subjectNames.contains($0.lastPathComponent) }) {
                    throw LessonLoadProblem(path: stray.path, problem: "replaces no file of subject/ (a mutant's files must have the names of the subject files they replace)")
                }
                mutants.append(Mutant(id: mutant.id, description: mutant.description, files: files))
            }
        } else if entry.mutants != nil {
            throw LessonLoadProblem(path: manifestPath, problem: "exercise \(number) declares mutants but is not a test-writing exercise; add 'kind: test'")
        }
        var mistakes: [Mistake] = []
        for mistake in entry.mistakes ?? [] {
            let file = Self.file("mistakes/\(mistake.id).swift", in: folder)
            guard fileSystem.fileExists(at: file) else {
                throw LessonLoadProblem(path: file.path, problem: "is missing (mistake '\(mistake.id)' of exercise \(lessonID).\(number) needs it)")
            }
            guard !mistake.expect.isEmpty, mistake.expect.allSatisfy({ !Self.isBlank($0) }) else {
                throw LessonLoadProblem(path: manifestPath, problem: "mistake '\(mistake.id)' of exercise \(number) must say in 'expect' which words its report must contain")
            }
            mistakes.append(Mistake(id: mistake.id, description: mistake.description, expect: mistake.expect, page: mistake.page, file: file))
        }
        for equivalent in entry.equivalent ?? [] where Self.isBlank(equivalent.why, orLineEnds: true) {
            throw LessonLoadProblem(path: manifestPath, problem: "exercise \(number): the equivalent mutant '\(equivalent.operator)' at line \(equivalent.line) must say 'why' it cannot be told from the solution")
        }
        if kind == .test, entry.given != nil {
            throw LessonLoadProblem(path: manifestPath, problem: "exercise \(number) declares 'given' code, but the learner of a test-writing exercise (kind: test) writes all of their file: take 'given' out")
        }
        return Exercise(
            lessonID: lessonID, number: number, title: entry.title, task: entry.task, hints: entry.hints,
            fileName: entry.file, starter: starter, solution: solution, checks: checks, support: support,
            kind: kind, subject: subject, mutants: mutants, hasChecks: hasChecks,
            wiring: entry.wiring ?? [], warningsAsErrors: entry.warningsAsErrors ?? [], mistakes: mistakes,
            languageMode: languageMode, equivalents: entry.equivalent ?? [], given: entry.given ?? []
        )
    }

    /// The Swift files of a folder, in name order; a missing folder is an error only when required.
    private func swiftFiles(in folder: URL, required: Bool) throws(LessonLoadProblem) -> [URL] {
        guard fileSystem.directoryExists(at: folder) else {
            if required { throw LessonLoadProblem(path: folder.path, problem: "is missing") }
            return []
        }
        let files = ((try? fileSystem.contentsOfDirectory(at: folder)) ?? []).filter { $0.pathExtension == "swift" }
        if required && files.isEmpty {
            throw LessonLoadProblem(path: folder.path, problem: "holds no .swift files")
        }
        return files
    }

    private func readText(_ url: URL) throws(LessonLoadProblem) -> String {
        guard fileSystem.fileExists(at: url) else {
            throw LessonLoadProblem(path: url.path, problem: "is missing")
        }
        do {
            return try fileSystem.text(of: url)
        } catch DojoError.notUTF8 {
            throw LessonLoadProblem(path: url.path, problem: "is not UTF-8 text; save it as UTF-8")
        } catch {
            throw LessonLoadProblem(path: url.path, problem: "cannot be read: \(error.localizedDescription)")
        }
    }

    /// A page's title is its first heading; a page without one is named after its file.
    ///
    /// Line by line up to the first heading, not a split of the whole page: every page is read
    /// at start-up, and the heading is almost always on the first line. In Swift's own strings,
    /// not Foundation's `enumerateLines` and `trimmingCharacters`, which copy the whole page
    /// into an NSString first; the same lines (ended by LF, CR, CRLF, NEL, U+2028 or U+2029)
    /// and the same spaces (tabs and Unicode's space separators) as those.
    static func title(ofPage markdown: String, file: URL) -> String {
        var rest = markdown[...]
        while !rest.isEmpty {
            let end = rest.firstIndex(where: isLineEnd) ?? rest.endIndex
            let line = trimmingSpaces(rest[..<end])
            if line.hasPrefix("#") {
                return String(trimmingSpaces(line.drop(while: { $0 == "#" })))
            }
            rest = end == rest.endIndex ? rest[end...] : rest[rest.index(after: end)...]
        }
        return file.deletingPathExtension().lastPathComponent
    }

    private static func isLineEnd(_ character: Character) -> Bool {
        switch character {
        case "\n", "\r", "\r\n", "\u{85}", "\u{2028}", "\u{2029}": true
        default: false
        }
    }

    /// `text` without the tabs and space separators (Unicode's Zs) at either end, as
    /// `trimmingCharacters(in: .whitespaces)` would leave it.
    private static func trimmingSpaces(_ text: Substring) -> Substring {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isSpace($0) }),
              let last = scalars.lastIndex(where: { !isSpace($0) }) else { return text[text.endIndex...] }
        return Substring(scalars[first...last])
    }

    /// Whether `text` holds nothing but tabs and spaces (and line ends, with `orLineEnds`): what
    /// `trimmingCharacters(in: .whitespaces)` (`.whitespacesAndNewlines`) would empty. Not
    /// that: its first use builds Foundation's character sets, and it copies each text into an
    /// NSString, a few milliseconds of every start for the mistakes' words and the equivalent
    /// mutants' reasons.
    static func isBlank(_ text: String, orLineEnds: Bool = false) -> Bool {
        text.unicodeScalars.allSatisfy { isSpace($0) || (orLineEnds && isNewline($0)) }
    }

    /// A tab or a space separator (Unicode's Zs): `CharacterSet.whitespaces`.
    private static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\t" || scalar.properties.generalCategory == .spaceSeparator
    }

    /// What `CharacterSet.newlines` holds: LF, VT, FF, CR, NEL, U+2028 and U+2029.
    private static func isNewline(_ scalar: Unicode.Scalar) -> Bool {
        ("\n"..."\r").contains(scalar) || ["\u{85}", "\u{2028}", "\u{2029}"].contains(scalar)
    }

    /// A file of a lesson's folder, from the folder's path: said to be a file rather than looked
    /// up (a URL left to find that out stats the path, hundreds of times at every start), and
    /// made from one path, which Foundation parses in a fifth of the time it takes to append
    /// to a URL.
    private static func file(_ path: String, in folder: String) -> URL {
        URL(filePath: folder + "/" + path, directoryHint: .notDirectory)
    }

    /// A folder of a lesson's folder (see `file(_:in:)`).
    private static func folder(_ path: String, in folder: String) -> URL {
        URL(filePath: folder + "/" + path, directoryHint: .isDirectory)
    }

    /// Turns a decoding error into one sentence that names the field at fault.
    static func explain(_ error: DecodingError) -> String {
        func path(_ codingPath: [any CodingKey]) -> String {
            codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
        }
        switch error {
        case .keyNotFound(let key, let context):
            let place = path(context.codingPath)
            return "the field '\(key.stringValue)' is missing" + (place.isEmpty ? "" : " in \(place)")
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "the field '\(path(context.codingPath))' has the wrong kind of value: \(context.debugDescription)"
        case .dataCorrupted(let context):
            return "is not valid YAML: \(context.debugDescription)"
        @unknown default:
            return "cannot be read: \(error)"
        }
    }
}
