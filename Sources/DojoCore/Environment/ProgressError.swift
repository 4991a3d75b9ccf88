import Foundation

/// Why the learner's progress could not be read or saved, in their terms.
package enum ProgressError: Error, Equatable, LocalizedError {
    /// The file is there but cannot be read; it was left untouched.
    case unreadable(path: String, reason: String)
    /// A newer DIDojo wrote the file; this one leaves it alone rather than drop what it does
    /// not know.
    case newerFormat(path: String, version: Int, known: Int)
    /// The change could not be written.
    case unwritable(path: String, reason: String)
    /// Another didojo held the progress lock for too long.
    case busy(path: String, holder: String?)

    package var errorDescription: String? {
        switch self {
        case .unreadable(let path, let reason):
            return "Your progress file \(path) cannot be read (\(reason)). It was left as it is. Check that it is a file you can read and write (ls -l \(path)), then try again; your exercise files are untouched."
        case .newerFormat(let path, let version, let known):
            return "Your progress file \(path) was written by a newer DIDojo (format \(version); this one knows format \(known)). It was left as it is, so nothing of it is lost. Update DIDojo (git pull, then ./start.sh) and carry on."
        case .unwritable(let path, let reason):
            return "Could not save your progress to \(path): \(reason). Check that the folder is writable and the disk is not full; your exercise files are not affected."
        case .busy(let path, let holder):
            let who = holder.map { " (\($0))" } ?? ""
            return "Another didojo\(who) has been saving the progress in \(path) for a long time, so this one could not. If that program hangs, end it, then try again."
        }
    }
}
