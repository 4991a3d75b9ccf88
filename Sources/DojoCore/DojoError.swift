import Foundation

/// What can go wrong in the tutor's engine, each message written for the person reading it.
package enum DojoError: Error, LocalizedError, Equatable {
    case notUTF8(path: String)
    case unknownLesson(String, suggestion: String?)
    case unknownExercise(String, suggestion: String?)
    case lessonsFolderNotFound(searchedFrom: String)
    case buildProductsNotFound(folder: String)
    case compilerNotFound
    case noChecksFound(path: String)
    case workspaceUnusable(path: String, reason: String)
    case workspaceNotFound(path: String)
    /// Another didojo shell holds the workspace's shell lock; `holder` says which.
    case workspaceInUse(path: String, holder: String)
    /// A folder sits where the learner's exercise file should be.
    case learnerFileIsAFolder(exerciseID: String, path: String)
    /// The learner's exercise file is neither a readable file nor absent (a broken link…).
    case learnerFileUnusable(exerciseID: String, path: String, reason: String)
    /// The lesson (or the exercise's lesson) exists, but the workshop in force leaves it out.
    case notInWorkshop(String, workshop: String, lessons: [String])
    /// A file a command was asked to write (a report, grades) could not be written.
    case cannotWrite(path: String, reason: String)
    /// `verify --mutate` could not judge an exercise's mutants (its reference tests fail).
    case mutationRunFailed(exerciseID: String, reason: String)
    /// lesson.yaml's `given` names code the learner is not given as it is (see `Exercise.given`).
    case givenCodeNotGiven(exerciseID: String, problem: String)

    package var errorDescription: String? {
        switch self {
        case .notUTF8(let path):
            return "\(path) is not UTF-8 text."
        case .unknownLesson(let id, let suggestion):
            return "There is no lesson '\(id)'." + Self.didYouMean(suggestion) + " Type 'lessons' to see them all."
        case .unknownExercise(let id, let suggestion):
            return "There is no exercise '\(id)'." + Self.didYouMean(suggestion) + " Exercise ids look like no-di.1; type 'lessons' to see them."
        case .lessonsFolderNotFound(let start):
            return "Could not find the Lessons folder (looked upwards from \(start)). Run didojo from its project folder, or pass --lessons DIR."
        case .buildProductsNotFound(let folder):
            return "The compiled lesson modules, or the program that runs the checks, are missing from \(folder). Run ./start.sh (or 'swift build') in the DIDojo folder, then try again."
        case .compilerNotFound:
            return "Could not find the Swift compiler (swiftc). Put the Swift toolchain on your PATH, or set DIDOJO_SWIFTC to the path of swiftc."
        case .noChecksFound(let path):
            return "\(path) holds no XCTestCase class with test methods, so there is nothing to check against. (This is a lesson bug: please report it.)"
        case .workspaceUnusable(let path, let reason):
            return "Cannot use the workspace at \(path): \(reason). Choose another folder with --workspace DIR."
        case .workspaceNotFound(let path):
            return "There is no workspace at \(path). Point --workspace DIR (or DIDOJO_WORKSPACE) at the learner's folder."
        case .learnerFileIsAFolder(let id, let path):
            return "Your file for \(id) should be at \(path), but a folder is there. Move the folder somewhere else (DIDojo leaves it and what it holds untouched), then try again: the starter will be put back."
        case .learnerFileUnusable(let id, let path, let reason):
            return "Your file for \(id) at \(path) cannot be read, and the starter could not be put in its place (\(reason)). If something else is at that path, such as a broken link, move it away and try again."
        case .notInWorkshop(let id, let workshop, let lessons):
            return "\(id) is not in this workshop ('\(workshop)'), which has the lessons \(lessons.joined(separator: ", ")). Without the workshop (leave out --workshop and DIDOJO_WORKSHOP, or the workspace's workshop.yaml) every lesson is there."
        case .cannotWrite(let path, let reason):
            return "Could not write \(path): \(reason). Check that its folder exists and that you may write there."
        case .mutationRunFailed(let id, let reason):
            return "Could not run the mutants of \(id): \(reason). Run 'didojo verify --solutions --lesson' on its lesson first."
        case .givenCodeNotGiven(let id, let problem):
            return "Could not run the mutants of \(id): \(problem). The generator leaves given code alone only when the starter hands it to the learner as it is in the solution."
        case .workspaceInUse(let path, let holder):
            return "Another didojo shell is already open on the workspace at \(path) (\(holder)). Two shells would keep moving each other's place in the lessons, so this one stops. Carry on in the other one, or quit it and start again ('didojo check', 'verify' and the other commands work beside it); to work separately, choose another folder with --workspace DIR."
        }
    }

    private static func didYouMean(_ suggestion: String?) -> String {
        suggestion.map { " Did you mean '\($0)'?" } ?? ""
    }
}
