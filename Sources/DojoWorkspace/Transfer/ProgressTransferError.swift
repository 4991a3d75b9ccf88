import Foundation

/// Why a progress export could not be written or read, in the learner's words.
package enum ProgressTransferError: Error, LocalizedError, Equatable {
    case unreadable(path: String, reason: String)
    case notAnExport(path: String)
    case newerFormat(path: String, version: Int)
    case damaged(path: String)

    package var errorDescription: String? {
        switch self {
        case .unreadable(let path, let reason):
            return "Could not read \(path): \(reason)."
        case .notAnExport(let path):
            return "\(path) is not a DIDojo progress export. Make one with 'didojo progress export FILE' on the machine you worked on. Nothing was changed."
        case .newerFormat(let path, let version):
            return "\(path) was exported by a newer DIDojo (format \(version)). Update DIDojo on this machine, then import again. Nothing was changed."
        case .damaged(let path):
            return "\(path) looks like a DIDojo progress export but is damaged (cut short or edited?). Export it again. Nothing was changed."
        }
    }
}
