import Foundation

/// Who works in a workspace: the learner's name, for their report, their export and a
/// teacher's grades. Kept in `.didojo/learner.json`, apart from the progress, so that the
/// name is asked for once (at the first start of the shell, or set by `didojo handout`) and
/// outlives `reset --all`, which starts the work over but not the person.
package struct LearnerRecord: Codable, Sendable, Equatable {
    /// The name as the learner or the teacher wrote it; nil when the learner chose not to say.
    package var name: String?

    package init(name: String?) {
        let trimmed = name?.trimmingCharacters(in: .whitespacesAndNewlines)
        self.name = (trimmed?.isEmpty ?? true) ? nil : trimmed
    }

    /// The longest name kept: enough for any real name, short enough for a table's column.
    package static let maximumLength = 80
}

extension Workspace {
    /// `.didojo/learner.json`: the learner's name (see `LearnerRecord`).
    package var learnerFile: URL { stateFolder.appendingPathComponent("learner.json") }

    /// The learner's record, or nil when none was ever written (the name was never asked for).
    /// A file that cannot be read counts as none: the name is asked for again.
    package func learner() -> LearnerRecord? {
        guard let data = try? fileSystem.contents(of: learnerFile) else { return nil }
        return try? JSONDecoder().decode(LearnerRecord.self, from: data)
    }

    /// Saves the learner's record (a nil name records that the learner chose not to give one).
    package func saveLearner(_ record: LearnerRecord) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        var kept = record
        kept.name = record.name.map { String($0.prefix(LearnerRecord.maximumLength)) }
        try fileSystem.write(try encoder.encode(kept), to: learnerFile)
    }

    /// The name a teacher sees for this workspace: the learner's, else the folder's.
    package func learnerLabel() -> String {
        learner()?.name ?? root.lastPathComponent
    }
}
