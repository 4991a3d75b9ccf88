/// A program a test asked for could not be started.
package struct SpawnedProcessError: Error, CustomStringConvertible {
    package let executable: String
    package let reason: String
    /// The error number the start failed with (`ETXTBSY`, say), or 0 when there is none.
    package var code: Int32 = 0

    package var description: String { "could not start \(executable): \(reason)" }
}
