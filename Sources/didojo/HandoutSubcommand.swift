import ArgumentParser
import ClassProtocol
import DojoCore
import DojoWorkspace
import Foundation

/// `didojo handout`: a teacher makes a learner's workspace in one step (every exercise's file,
/// the learner's name, the workshop), or one per name of a class list.
struct HandoutSubcommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "handout",
        abstract: "For teachers: make a learner's workspace with its files, the learner's name and the workshop.",
        discussion: """
        'didojo handout ~/dojo --name "Ada Lovelace" --workshop friday.yaml' makes the workspace \
        ~/dojo with the starter of every exercise of the workshop, the learner's name (shown in \
        their report and in grades) and a copy of the workshop. With --names FILE (one name per \
        line), FOLDER is the class's folder and each learner gets a workspace inside it, named \
        after them: grade them all with 'didojo verify --workspaces FOLDER/*'. A workspace that \
        already holds a learner's work is left as it is.
        """
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The workspace to make (with --names: the class's folder).")
    var folder: String

    @Option(help: "The learner's name.")
    var name: String?

    @Option(help: "A file with one learner's name per line: one workspace each, inside FOLDER.")
    var names: String?

    func validate() throws {
        if name != nil, names != nil {
            throw ValidationError("Give --name for one learner, or --names FILE for a class, not both.")
        }
        if global.setup.workspace != nil {
            throw ValidationError("'didojo handout' makes the workspace named by FOLDER; leave out --workspace.")
        }
    }

    @MainActor
    func run() async throws {
        let root = CompositionRoot(options: global.setup)
        let catalog = try SetupFailure.exitOnError { try root.catalog() }
        let workshopText = try SetupFailure.exitOnError { try root.workshopText() }
        let base = CompositionRoot.url(forUserPath: folder)
        var seats: [(folder: URL, name: String?)] = []
        if let names {
            let list: String
            do {
                list = try String(contentsOf: CompositionRoot.url(forUserPath: names), encoding: .utf8)
            } catch {
                try SetupFailure.stop(DojoError.workspaceUnusable(path: names, reason: "the list of names cannot be read (\(error.localizedDescription))"))
            }
            let people = list.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            guard !people.isEmpty else { try SetupFailure.stop(DojoError.workspaceUnusable(path: names, reason: "it holds no names, one per line")) }
            var used = Set<String>()
            for person in people {
                var slug = Self.folderName(for: person)
                var suffix = 2
                while used.contains(slug) { slug = "\(Self.folderName(for: person))-\(suffix)"; suffix += 1 }
                used.insert(slug)
                seats.append((base.appendingPathComponent(slug), person))
            }
        } else {
            seats = [(base, name)]
        }
        // The names are the ones the learners will join the live class with: the same rule as
        // 'class join' and the server, so that a handout never makes a name the class refuses.
        for case let name? in seats.map(\.name) {
            if case .failure(let problem) = LearnerName.validated(name) {
                try SetupFailure.stop(DojoError.workspaceUnusable(path: names ?? folder, reason: "'\(name)' cannot be a learner's name: \(problem.message)"))
            }
        }
        seats = seats.map { seat in (seat.folder, seat.name.map { name in (try? LearnerName.validated(name).get()) ?? name }) }
        for seat in seats {
            let workspace = Workspace(root: seat.folder, fileSystem: root.fileSystem, timeSource: root.timeSource)
            if root.fileSystem.fileExists(at: workspace.progressFile) {
                print("Left as it is (it already holds a learner's work): \(seat.folder.path)")
                continue
            }
            do {
                _ = try workspace.prepare(for: catalog.allExercises)
                try workspace.saveLearner(LearnerRecord(name: seat.name))
                if let workshopText {
                    try root.fileSystem.write(Data(workshopText.utf8), to: seat.folder.appendingPathComponent(WorkshopFile.defaultName))
                }
            } catch {
                try SetupFailure.stop(DojoError.workspaceUnusable(path: seat.folder.path, reason: error.localizedDescription))
            }
            let who = seat.name.map { " for \($0)" } ?? ""
            print("Made \(seat.folder.path)\(who): \(catalog.allExercises.count) exercises\(workshopText == nil ? "" : ", with the workshop").")
        }
        if names != nil {
            print("Grade the class with: didojo verify --workspaces \(base.path)/*")
        }
    }

    /// `Ada Lovelace` → `ada-lovelace`: letters and digits kept, the rest one dash.
    static func folderName(for person: String) -> String {
        var slug = ""
        for character in person.lowercased() {
            if character.isLetter || character.isNumber {
                slug.append(character)
            } else if !slug.isEmpty, slug.last != "-" {
                slug.append("-")
            }
        }
        while slug.hasSuffix("-") { slug.removeLast() }
        return slug.isEmpty ? "learner" : slug
    }
}
