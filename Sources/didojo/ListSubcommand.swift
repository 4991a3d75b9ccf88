import ArgumentParser
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
            FileHandle.standardError.write(Data("This lesson could not be loaded and is left out: \(problem.description)\n".utf8))
        }
        switch format {
        case .json:
            let listing = catalog.lessons.map { lesson in
                LessonListing(id: lesson.id, title: lesson.title, exercises: lesson.exercises.map { exercise in
                    .init(id: exercise.id, title: exercise.title, status: progress.exercise(exercise.id).status.rawValue,
                          path: workspace.file(for: exercise).path)
                })
            }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            print(String(decoding: try encoder.encode(listing), as: UTF8.self))
        case .text:
            for lesson in catalog.lessons {
                print("\(lesson.id)  \(lesson.title)")
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
        let exercises: [ExerciseListing]
    }

    struct ExerciseListing: Encodable {
        let id: String
        let title: String
        let status: String
        let path: String
    }
}
