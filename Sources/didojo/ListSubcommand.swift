import ArgumentParser
import DojoCatalog
import DojoCore
import DojoShell
import Foundation

/// `didojo list`: lessons and exercises, as text or JSON, for scripts and graders.
struct ListSubcommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List lessons and exercises with their status.")

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    @OptionGroup var global: GlobalOptions

    @Option(help: "text or json.")
    var format: Format = .text

    @MainActor
    func run() async throws {
        let root = CompositionRoot(options: global.setup)
        let catalog = try SetupFailure.exitOnError { try root.catalog() }
        let workspace = root.workspace()
        let progress = try SetupFailure.exitOnError { try root.readProgress(of: workspace) }
        for problem in catalog.problems {
            StandardStreams.writeError("This lesson could not be loaded and is left out: \(problem.description)\n")
        }
        let workshop = try SetupFailure.exitOnError { try root.workshop() }
        func lockedAfter(_ lesson: Lesson) -> String? {
            workshop?.lockingLesson(of: lesson.id, in: catalog, progress: progress)?.id
        }
        func timeBoxMinutes(_ lesson: Lesson) -> Int? {
            workshop?.plan(for: lesson.id)?.timeBox.map { Int($0.components.seconds / 60) }
        }
        switch format {
        case .json:
            let listing = catalog.lessons.map { lesson in
                LessonListing(
                    id: lesson.id, title: lesson.title, lockedAfter: lockedAfter(lesson), timeBoxMinutes: timeBoxMinutes(lesson),
                    exercises: lesson.exercises.map { exercise in
                        .init(id: exercise.id, title: exercise.title, status: progress.exercise(exercise.id).status.rawValue,
                              path: workspace.file(for: exercise).path, exists: root.fileSystem.fileExists(at: workspace.file(for: exercise)))
                    }
                )
            }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            print(String(decoding: try encoder.encode(listing), as: UTF8.self))
        case .text:
            for lesson in catalog.lessons {
                let lock = lockedAfter(lesson).map { "  🔒 after \($0)" } ?? ""
                let box = timeBoxMinutes(lesson).map { "  · \($0) min" } ?? ""
                print("\(lesson.id)  \(lesson.title)\(lock)\(box)")
                for exercise in lesson.exercises {
                    let status = progress.exercise(exercise.id).status.rawValue
                    print("  \(exercise.id.padding(toLength: 24, withPad: " ", startingAt: 0)) \(status.padding(toLength: 8, withPad: " ", startingAt: 0)) \(exercise.title)")
                }
            }
        }
    }

    struct LessonListing: Encodable {
        let id: String
        let title: String
        /// Under a workshop, the lesson that must pass first while it has not; absent when open.
        let lockedAfter: String?
        /// Under a workshop, the lesson's time box in minutes; absent without one.
        let timeBoxMinutes: Int?
        let exercises: [ExerciseListing]
    }

    struct ExerciseListing: Encodable {
        let id: String
        let title: String
        let status: String
        /// Where the learner's file is, or will be: the shell, `check` and `verify` make it from
        /// the starter the first time (`list` only reads, so it makes nothing).
        let path: String
        /// Whether the file is there yet.
        let exists: Bool
    }
}
