import Foundation
import WiringModel

/// One exercise: a file the learner edits, and the checks that judge it.
public struct Exercise: Sendable, Equatable {
    /// `<lesson-id>.<n>`, e.g. `constructor.2`.
    package let id: String
    package let lessonID: String
    /// 1-based position in the lesson.
    package let number: Int
    package let title: String
    package let task: String
    package let hints: [Hint]
    /// The learner's file name in the workspace.
    package let fileName: String
    package let starter: URL
    package let solution: URL
    package let checks: URL
    /// Extra Swift files compiled with the exercise.
    package let support: [URL]
    package let kind: ExerciseKind
    /// For `kind: test`: the correct code the learner's tests run against.
    package let subject: [URL]
    /// For `kind: test`: the broken versions of the subject.
    package let mutants: [Mutant]
    /// Whether `checks` exists; a test-writing exercise may have none.
    package let hasChecks: Bool
    /// Structural rules on the learner's file (see `WiringRule`).
    package let wiring: [WiringRule]
    /// Compiler warning groups that are errors in the learner's file.
    package let warningsAsErrors: [WarningGroup]
    /// The catalogue of wrong attempts this exercise must reject.
    package let mistakes: [Mistake]
    /// The Swift language mode the learner's file compiles in: 5 or 6.
    package let languageMode: Int
    /// Generated mutants declared equivalent to the solution (see `MutationVerifier`).
    package let equivalents: [EquivalentMutant]
    /// The solution's top-level declarations the exercise hands the learner ready-made, the
    /// same in the starter: `verify --mutate` makes no mutant of them.
    package let given: [String]

    package init(
        lessonID: String, number: Int, title: String, task: String, hints: [Hint],
        fileName: String, starter: URL, solution: URL, checks: URL, support: [URL],
        kind: ExerciseKind = .implement, subject: [URL] = [], mutants: [Mutant] = [], hasChecks: Bool = true,
        wiring: [WiringRule] = [], warningsAsErrors: [WarningGroup] = [], mistakes: [Mistake] = [],
        languageMode: Int = 5, equivalents: [EquivalentMutant] = [], given: [String] = []
    ) {
        self.languageMode = languageMode
        self.equivalents = equivalents
        self.given = given
        self.kind = kind
        self.wiring = wiring
        self.warningsAsErrors = warningsAsErrors
        self.mistakes = mistakes
        self.subject = subject
        self.mutants = mutants
        self.hasChecks = hasChecks
        self.id = "\(lessonID).\(number)"
        self.lessonID = lessonID
        self.number = number
        self.title = title
        self.task = task
        self.hints = hints
        self.fileName = fileName
        self.starter = starter
        self.solution = solution
        self.checks = checks
        self.support = support
    }
}

/// A deliberately broken version of a test-writing exercise's subject.
package struct Mutant: Sendable, Equatable {
    package let id: String
    /// e.g. "the presenter posts the text twice".
    package let description: String
    /// Files that take the place of the subject's files of the same name.
    package let files: [URL]

    package init(id: String, description: String, files: [URL]) {
        self.id = id
        self.description = description
        self.files = files
    }

    /// The subject with this mutant's files in place of their correct namesakes.
    package func apply(to subject: [URL]) -> [URL] {
        let replaced = Set(files.map(\.lastPathComponent))
        return subject.filter { !replaced.contains($0.lastPathComponent) } + files
    }
}

/// A catalogued wrong attempt at an exercise (see `MistakeManifest`), with its file.
package struct Mistake: Sendable, Equatable {
    package let id: String
    package let description: String
    package let expect: [String]
    package let page: String?
    /// The learner's file with this mistake in it.
    package let file: URL

    package init(id: String, description: String, expect: [String], page: String?, file: URL) {
        self.id = id
        self.description = description
        self.expect = expect
        self.page = page
        self.file = file
    }
}

extension WiringRule {
    /// The name the rule's check goes by in reports and in hints' `when`, e.g.
    /// `wiring:no-concrete-creation:SocialPresenter`.
    package var checkName: String {
        "wiring:\(kind.rawValue)" + (inside.first.map { ":\($0)" } ?? "") + (property.map { ".\($0)" } ?? "")
    }
}
