import Foundation

/// The posts that have been sent, kept in a text file: the terminal's stand-in for a real
/// network's timeline.
///
/// Each line of the file is one post as a JSON object, e.g.
/// `{"network":"twitter","text":"Hello"}`. JSON escapes newlines and quotes, so any text fits
/// on one line, and a person can still read the file.
public struct Timeline: Equatable, Sendable {
    /// The environment variable that names the standard timeline's file. The tutor points it at
    /// the learner's workspace, the checker at a fresh temporary file for every check.
    public static let environmentVariable = "DIDOJO_TIMELINE"

    /// The file the posts are kept in.
    public let fileURL: URL

    public init(fileURL: URL) {
        self.fileURL = fileURL
    }

    /// The timeline named by `DIDOJO_TIMELINE`, or `timeline.txt` in the current directory.
    ///
    /// Read afresh on every use, so a change to the variable takes effect at once.
    public static var standard: Timeline {
        Timeline(fileURL: standardFileURL(
            environment: ProcessInfo.processInfo.environment,
            currentDirectory: URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
        ))
    }

    /// Where the standard timeline lives, given an environment and a current directory.
    public static func standardFileURL(environment: [String: String], currentDirectory: URL) -> URL {
        if let path = environment[environmentVariable], !path.isEmpty {
            return URL(fileURLWithPath: path, relativeTo: currentDirectory).standardizedFileURL
        }
        return currentDirectory.appendingPathComponent("timeline.txt")
    }

    /// Every post in the file, oldest first; none if the file does not exist yet.
    ///
    /// - Throws: `TimelineError.unreadableLine` for a line that is not a post, or the file
    ///   system's error if the file cannot be read.
    public func posts() throws -> [Post] {
        guard FileManager.default.fileExists(atPath: fileURL.path) else { return [] }
        let contents = try String(contentsOf: fileURL, encoding: .utf8)
        let decoder = JSONDecoder()
        var posts: [Post] = []
        for (index, line) in contents.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.allSatisfy(\.isWhitespace) { continue }
            do {
                posts.append(try decoder.decode(Post.self, from: Data(line.utf8)))
            } catch {
                throw TimelineError.unreadableLine(number: index + 1, file: fileURL.path)
            }
        }
        return posts
    }

    /// Adds `post` at the end of the file, creating the file (and its folder) if needed.
    public func append(_ post: Post) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let line = try encoder.encode(post) + Data("\n".utf8)

        let fileManager = FileManager.default
        if !fileManager.fileExists(atPath: fileURL.path) {
            try fileManager.createDirectory(at: fileURL.deletingLastPathComponent(), withIntermediateDirectories: true)
            guard fileManager.createFile(atPath: fileURL.path, contents: nil) else {
                throw TimelineError.cannotCreate(file: fileURL.path)
            }
        }
        let handle = try FileHandle(forWritingTo: fileURL)
        defer { try? handle.close() }
        try handle.seekToEnd()
        try handle.write(contentsOf: line)
    }

    /// Deletes every post (removes the file). Does nothing if there is no file.
    public func removeAll() throws {
        if FileManager.default.fileExists(atPath: fileURL.path) {
            try FileManager.default.removeItem(at: fileURL)
        }
    }
}
