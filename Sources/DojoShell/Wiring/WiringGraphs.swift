import DojoCatalog
import DojoCore
import DojoWorkspace
import Foundation
import TerminalMarkdown
import WiringAnalysis

/// What `graph` draws, in the shell and as `didojo graph`: the learner's file for an exercise
/// (with the files the checker compiles beside it), the exercise's solution, or a lesson's module.
package struct WiringGraphs: Sendable {
    /// One analysis ready to draw, and what the learner should know about how it was made.
    package struct Drawing: Sendable {
        package let report: WiringReport
        /// Set when the lesson's sources were missing, so the analysis knew less than usual.
        package let caveat: String?
    }

    let fileSystem: any FileSystem
    let workspace: Workspace
    let vocabularies: LessonVocabularies
    let catalog: LessonCatalog

    package init(fileSystem: any FileSystem, workspace: Workspace, vocabularies: LessonVocabularies, catalog: LessonCatalog) {
        self.fileSystem = fileSystem
        self.workspace = workspace
        self.vocabularies = vocabularies
        self.catalog = catalog
    }

    /// The learner's file for `exercise`, with its support (and, for a test-writing exercise,
    /// subject) files, as the checker compiles them.
    package func learnersWiring(of exercise: Exercise) throws -> Drawing {
        try drawing(of: workspace.file(for: exercise), labelled: exercise.fileName, exercise: exercise)
    }

    /// The reference solution of `exercise`, drawn the same way as the learner's file.
    package func solutionWiring(of exercise: Exercise) throws -> Drawing {
        try drawing(of: exercise.solution, labelled: "solution/\(exercise.fileName)", exercise: exercise)
    }

    /// Every file of `lesson`'s module (`Sources/<Module>/*.swift`).
    package func moduleWiring(of lesson: Lesson) throws -> Drawing {
        let folder = vocabularies.folder(ofModule: lesson.module)
        guard fileSystem.directoryExists(at: folder) else {
            throw GraphError.moduleSourcesMissing(lessonID: lesson.id, module: lesson.module, folder: folder.path)
        }
        let files = vocabularies.swiftFiles(in: folder, label: lesson.module)
        let learned = vocabularies.vocabulary(for: lesson)
        return Drawing(report: WiringAnalyzer(vocabulary: learned.vocabulary).analyze(files), caveat: caveat(learned, lesson: lesson))
    }

    private func drawing(of file: URL, labelled label: String, exercise: Exercise) throws -> Drawing {
        let text: String
        do {
            text = try fileSystem.text(of: file)
        } catch {
            throw GraphError.unreadable(path: file.path, reason: error.localizedDescription)
        }
        let companions = (exercise.kind == .test ? exercise.subject.map { ("subject", $0) } : []) + exercise.support.map { ("support", $0) }
        var files = [SourceFile(path: label, text: text)]
        for (folder, url) in companions {
            if let companion = try? fileSystem.text(of: url) {
                files.append(SourceFile(path: "\(folder)/\(url.lastPathComponent)", text: companion))
            }
        }
        guard let lesson = catalog.lesson(id: exercise.lessonID) else {
            return Drawing(report: WiringAnalyzer().analyze(files), caveat: nil)
        }
        let learned = vocabularies.vocabulary(for: lesson)
        return Drawing(report: WiringAnalyzer(vocabulary: learned.vocabulary).analyze(files), caveat: caveat(learned, lesson: lesson))
    }

    private func caveat(_ learned: LessonVocabularies.Learned, lesson: Lesson) -> String? {
        guard !learned.missingFolders.isEmpty else { return nil }
        let folders = learned.missingFolders.map(\.path).joined(separator: " and ")
        return "Drawn without the sources of the modules \(lesson.id) uses (\(folders) not found): types from them are "
            + "judged by their names alone, so the drawing may be rougher."
    }

    /// Box drawing and colour on a colour terminal, plain ASCII otherwise (`TERM=dumb`,
    /// `NO_COLOR`, a pipe or a file), fitted to its width.
    package static func textOptions(for style: TextStyle) -> TextGraphRenderer.Options {
        TextGraphRenderer.Options(unicode: style.useColor, color: style.useColor, width: style.width)
    }

    // MARK: Comparing with the solution

    /// What differs between the learner's wiring and the solution's, one line each: the
    /// relations and findings only one of them has, and, where both have a relation, a
    /// different lifetime or way of holding it (see `WiringComparison`).
    package static func differences(yours: WiringReport, solution: WiringReport) -> [String] {
        WiringComparison.differences(yours: yours, solution: solution)
    }

    /// What `graph --diff` says when `differences` finds none.
    package static let noDifferences = "The same relations, lifetimes, references and findings as the solution."

    // MARK: The solutions policy

    /// Whether the solution's graph may be shown beside the learner's.
    package enum SolutionAccess: Equatable, Sendable {
        case allowed
        /// Only after the learner says yes (not passed yet, and the policy lets them choose).
        case askFirst
        case refused(String)
    }

    /// What the solutions policy says about `graph --diff` for `exercise`, as for `solution`:
    /// the workshop's `after-pass` shows it once passed, `never` not at all, `always` at any
    /// time (asking first before a pass); without a workshop, once passed or after asking.
    package static func solutionAccess(to exercise: Exercise, passed: Bool, workshop: Workshop?) -> SolutionAccess {
        guard let workshop else { return passed ? .allowed : .askFirst }
        switch workshop.solutions {
        case .always:
            return passed ? .allowed : .askFirst
        case .afterPass where passed:
            return .allowed
        case .afterPass:
            return .refused("In this workshop ('\(workshop.title)') the solution, and so its graph, is shown once you have passed "
                + "\(exercise.id). 'graph \(exercise.id)' draws your file alone; 'hint' gives a push.")
        case .never:
            return .refused("Solutions are not shown in this workshop ('\(workshop.title)'), so 'graph --diff' cannot draw one. "
                + "'graph \(exercise.id)' draws your file alone; 'hint' gives a push; your instructor can help too.")
        }
    }
}
