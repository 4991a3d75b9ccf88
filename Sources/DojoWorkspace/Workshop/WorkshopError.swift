import Foundation

/// A mistake in a workshop file, told as: which file, where, which key, what is wrong, and
/// what would be accepted.
package struct WorkshopError: Error, LocalizedError, Equatable {
    package let file: URL
    /// 1-based line of the offending value, when the YAML parser knows it.
    package let line: Int?
    /// The key as the instructor wrote it, e.g. `solutions` or `lessons[2].time-box`.
    package let key: String?
    package let problem: String
    /// The values (or keys) that would have been accepted, if there is a short list.
    package let allowed: [String]

    package init(file: URL, line: Int?, key: String?, problem: String, allowed: [String] = []) {
        self.file = file
        self.line = line
        self.key = key
        self.problem = problem
        self.allowed = allowed
    }

    package var errorDescription: String? {
        var place = "The workshop file \(file.path)"
        if let line { place += ", line \(line)" }
        var message = place + ": " + (key.map { "'\($0)' " } ?? "") + problem + "."
        if !allowed.isEmpty {
            message += " Allowed: " + allowed.joined(separator: ", ") + "."
        }
        return message + " Fix the file and start didojo again."
    }
}
