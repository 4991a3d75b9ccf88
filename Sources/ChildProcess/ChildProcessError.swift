import Foundation

/// Why a child process could not be started, with messages written for a person.
package enum ChildProcessError: Error, LocalizedError, Equatable {
    /// The program could not be started, e.g. it does not exist or is not executable.
    case couldNotStart(executable: String, reason: String)
    /// The requested working directory could not be entered.
    case couldNotEnterWorkingDirectory(path: String, reason: String)
    /// The operating system refused a resource needed to start any program (pipes, a new process).
    case systemResourceUnavailable(operation: String, reason: String)

    /// A one-line message such as "could not start /usr/bin/swiftc: No such file or directory".
    package var errorDescription: String? {
        switch self {
        case .couldNotStart(let executable, let reason):
            return "could not start \(executable): \(reason)"
        case .couldNotEnterWorkingDirectory(let path, let reason):
            return "could not use \(path) as the working directory: \(reason)"
        case .systemResourceUnavailable(let operation, let reason):
            return "could not start a program (\(operation) failed): \(reason)"
        }
    }
}
