import Foundation

/// One learner's progress and exercise files in one JSON file, to move them to another
/// machine (`didojo progress export` / `import`). File contents are base64, so any file
/// survives the trip byte for byte.
package struct ProgressBundle: Codable, Sendable, Equatable {
    /// Tells a bundle from any other JSON file.
    package static let formatName = "didojo-progress-export"
    /// Bumped when the format changes incompatibly.
    package static let currentVersion = 1

    package struct File: Codable, Sendable, Equatable {
        /// Inside the workspace: `<lesson-id>/<n>/<file>`.
        package let path: String
        package let contents: Data

        package init(path: String, contents: Data) {
            self.path = path
            self.contents = contents
        }
    }

    package var format: String = Self.formatName
    package var formatVersion: Int = Self.currentVersion
    package var exportedAt: Date
    package var progress: LearnerProgress
    package var files: [File]
    /// Who the learner is (`.didojo/learner.json`); nil in exports that had none (and in
    /// exports made before it was kept).
    package var learner: LearnerRecord?
    /// The workspace's `workshop.yaml`, as text, so that a learner moved to another laptop keeps
    /// the workshop's lessons, locks and time boxes; nil when there was none.
    package var workshop: String?

    package init(exportedAt: Date, progress: LearnerProgress, files: [File], learner: LearnerRecord? = nil, workshop: String? = nil) {
        self.exportedAt = exportedAt
        self.progress = progress
        self.files = files
        self.learner = learner
        self.workshop = workshop
    }

    package func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return try encoder.encode(self)
    }

    /// Reads a bundle, refusing anything that is not one (or is from a newer DIDojo).
    package static func decode(_ data: Data, from path: String) throws -> ProgressBundle {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        // The marker is read first, so that a foreign JSON file gets "not an export" rather
        // than a complaint about some missing field.
        struct Marker: Decodable {
            let format: String?
            let formatVersion: Int?
        }
        guard let marker = try? decoder.decode(Marker.self, from: data), marker.format == formatName else {
            throw ProgressTransferError.notAnExport(path: path)
        }
        if let version = marker.formatVersion, version > currentVersion {
            throw ProgressTransferError.newerFormat(path: path, version: version)
        }
        do {
            return try decoder.decode(ProgressBundle.self, from: data)
        } catch {
            throw ProgressTransferError.damaged(path: path)
        }
    }
}
