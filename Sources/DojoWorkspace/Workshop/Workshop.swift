import DojoCatalog
import Foundation

/// How an instructor shapes a classroom session: which lessons, in which order, which ones
/// wait for the one before, how long each should take, how long checks may run, and when
/// solutions may be shown. Read from a hand-edited file by `WorkshopFile`.
public struct Workshop: Sendable, Equatable {
    /// One lesson of the workshop, in the order the instructor listed them.
    package struct LessonPlan: Sendable, Equatable {
        package let lessonID: String
        /// The time the instructor plans for the lesson, counted from its first opening. The
        /// prompt shows what is left; nothing is cut off when it runs out.
        package let timeBox: Duration?
        /// When true, the lesson opens only once every exercise of the lesson before it (in
        /// the workshop's order) has passed.
        package let locked: Bool
        /// The 1-based line of the entry in the workshop file, to name it in messages.
        package let line: Int?

        package init(lessonID: String, timeBox: Duration? = nil, locked: Bool = false, line: Int? = nil) {
            self.lessonID = lessonID
            self.timeBox = timeBox
            self.locked = locked
            self.line = line
        }
    }

    package let title: String
    package let lessons: [LessonPlan]
    /// Seconds a check may run; `--timeout` on the command line still wins.
    package let checkTimeout: Double?
    package let solutions: SolutionPolicy
    /// The live class the learners join (`class: {url, code}`), so that `class join` only asks
    /// them to confirm.
    package let liveClass: LiveClass?
    /// Where the workshop was read from, to name it in messages.
    package let file: URL

    package struct LiveClass: Sendable, Equatable {
        package let url: String
        package let code: String
        package init(url: String, code: String) {
            self.url = url
            self.code = code
        }
    }

    package init(title: String, lessons: [LessonPlan], checkTimeout: Double? = nil, solutions: SolutionPolicy = .afterPass, liveClass: LiveClass? = nil, file: URL) {
        self.title = title
        self.lessons = lessons
        self.checkTimeout = checkTimeout
        self.solutions = solutions
        self.liveClass = liveClass
        self.file = file
    }

    package func plan(for lessonID: String) -> LessonPlan? {
        lessons.first { $0.lessonID == lessonID }
    }

    /// The lesson that must be passed before `lessonID` opens, when `lessonID` is locked.
    package func prerequisite(of lessonID: String) -> String? {
        guard let index = lessons.firstIndex(where: { $0.lessonID == lessonID }), lessons[index].locked, index > 0 else {
            return nil
        }
        return lessons[index - 1].lessonID
    }

    /// The full catalog cut down to the workshop's lessons, in the workshop's order.
    ///
    /// - Throws: `WorkshopError` naming the entry when a lesson id is not in the catalog.
    /// The lesson whose exercises must all pass before `lessonID` opens, when they have not
    /// yet (nil: the lesson is open).
    package func lockingLesson(of lessonID: String, in catalog: LessonCatalog, progress: LearnerProgress) -> Lesson? {
        guard let before = prerequisite(of: lessonID), let previous = catalog.lesson(id: before) else { return nil }
        return previous.exercises.allSatisfy({ progress.exercise($0.id).passed }) ? nil : previous
    }

    package func arrange(_ catalog: LessonCatalog) throws -> LessonCatalog {
        let lessons = try self.lessons.enumerated().map { index, plan in
            guard let lesson = catalog.lesson(id: plan.lessonID) else {
                let suggestion = ClosestMatch.find(plan.lessonID, among: catalog.lessons.map(\.id)).map { " (did you mean '\($0)'?)" } ?? ""
                throw WorkshopError(
                    file: file, line: plan.line, key: "lessons[\(index + 1)]",
                    problem: "names '\(plan.lessonID)', which is not a lesson\(suggestion)",
                    allowed: catalog.lessons.map(\.id)
                )
            }
            return lesson
        }
        return catalog.with(lessons: lessons, problems: catalog.problems)
    }
}

/// When the `solution` command may show the reference solution.
package enum SolutionPolicy: String, Sendable, CaseIterable {
    /// Only once the learner has passed the exercise.
    case afterPass = "after-pass"
    /// Never during the workshop.
    case never
    /// At any time (the shell still asks first when the exercise is not passed yet).
    case always
}
