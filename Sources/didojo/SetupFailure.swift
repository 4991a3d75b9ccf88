import ArgumentParser
import DojoCore
import Foundation

/// Set-up problems (no lessons folder, no compiler…) end a subcommand with status 2 and a
/// message on stderr, never a stack trace.
enum SetupFailure {
    /// Reports `error` and ends the subcommand with status 2.
    static func stop(_ error: any Error) throws -> Never {
        StandardStreams.writeError("Error: \(error.localizedDescription)\n")
        throw ExitCode(2)
    }

    @discardableResult
    static func exitOnError<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch {
            try stop(error)
        }
    }
}
