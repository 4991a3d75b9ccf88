import Foundation

/// Why the lessons' example programs could not be started or asked, for a person.
package enum DemoLaunchError: Error, LocalizedError, Equatable {
    /// `didojo-demos` is not beside `didojo`: it was not built, or only `didojo` was copied.
    case executableMissing(path: String)
    /// It is there but did not start or did not answer as expected.
    case notUsable(path: String, reason: String)

    package var errorDescription: String? {
        switch self {
        case .executableMissing(let path):
            return "The lessons' example programs are not built: \(path) is missing. "
                + "Build them with 'swift build' in the DIDojo folder (./start.sh does it), then try again."
        case .notUsable(let path, let reason):
            return "The lessons' example programs could not be started (\(path)): \(reason). "
                + "Rebuilding with 'swift build' in the DIDojo folder may help."
        }
    }
}
