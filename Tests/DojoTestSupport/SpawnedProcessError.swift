/// A program a test asked for could not be started.
package struct SpawnedProcessError: Error, CustomStringConvertible {
    package let executable: String
    package let reason: String

    package var description: String { "could not start \(executable): \(reason)" }
}
