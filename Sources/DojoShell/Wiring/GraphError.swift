import Foundation

/// Why `graph` cannot draw what was asked, for a person.
package enum GraphError: Error, LocalizedError, Equatable {
    /// A lesson's module is drawn from the checkout's `Sources/`, which this installation lacks.
    case moduleSourcesMissing(lessonID: String, module: String, folder: String)
    /// A file to draw could not be read.
    case unreadable(path: String, reason: String)
    /// `--diff` was asked for a lesson, which has no solution to compare with.
    case diffNeedsAnExercise(lessonID: String)
    /// `--diff` with a format other than text.
    case diffIsTextOnly(target: String)
    /// An option `graph` does not know, or a value it does not take.
    case usage(String)

    package var errorDescription: String? {
        switch self {
        case .moduleSourcesMissing(let lessonID, let module, let folder):
            return "The sources of \(lessonID)'s module \(module) are not here (\(folder) is missing): "
                + "'graph \(lessonID)' draws them from the DIDojo checkout beside the Lessons folder. "
                + "Draw one of its exercises instead, e.g. 'graph \(lessonID).1'."
        case .unreadable(let path, let reason):
            return "Could not read \(path): \(reason)."
        case .diffNeedsAnExercise(let lessonID):
            return "--diff compares your file for an exercise with the exercise's solution; a lesson's module has none. "
                + "Try 'graph \(lessonID).1 --diff'."
        case .diffIsTextOnly(let target):
            return "--diff draws your graph and the solution's one after the other, for reading here, so it takes only --format text; "
                + "the other formats draw your file alone: 'graph \(target) --format dot'."
        case .usage(let message):
            return message
        }
    }
}
