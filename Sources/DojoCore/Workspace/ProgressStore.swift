import Foundation

/// Loads and saves `LearnerProgress` as JSON in the workspace.
public struct ProgressStore: Sendable {
    public let file: URL
    private let fileSystem: any FileSystem
    private let timeSource: any TimeSource

    public init(file: URL, fileSystem: any FileSystem, timeSource: any TimeSource) {
        self.file = file
        self.fileSystem = fileSystem
        self.timeSource = timeSource
    }

    /// The result of loading: the progress, and a message when the file was unusable.
    public struct Loaded: Sendable {
        public let progress: LearnerProgress
        /// Set when a corrupt file was moved aside; tell the learner.
        public let warning: String?
    }

    /// Loads the saved progress. A missing file is a fresh start; a corrupt one is moved aside
    /// (never deleted: it may hold the only record of the learner's work) and reported.
    public func load() -> Loaded {
        guard fileSystem.fileExists(at: file) else {
            return Loaded(progress: LearnerProgress(), warning: nil)
        }
        do {
            let data = try fileSystem.contents(of: file)
            let progress = try Self.decoder.decode(LearnerProgress.self, from: data)
            return Loaded(progress: progress, warning: nil)
        } catch {
            let stamp = Self.stamp(timeSource.now())
            let aside = file.deletingLastPathComponent().appendingPathComponent("progress.corrupt-\(stamp).json")
            let moved = (try? fileSystem.moveItem(at: file, to: aside)) != nil
            let warning = moved
                ? "Your progress file could not be read, so DIDojo starts with fresh progress. The old file was kept as \(aside.path). Your exercise files are untouched."
                : "Your progress file \(file.path) could not be read, so DIDojo starts with fresh progress. Your exercise files are untouched."
            return Loaded(progress: LearnerProgress(), warning: warning)
        }
    }

    public func save(_ progress: LearnerProgress) throws {
        try fileSystem.write(try Self.encoder.encode(progress), to: file)
    }

    static func stamp(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        return formatter.string(from: date)
    }

    private static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }

    private static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }
}
