import Foundation

/// The rules an event keeps: the shell cuts its events to fit them (`fitted()`), the server
/// refuses an event that breaks them (`problem(...)`). One place, so both agree.
extension ClassEvent {
    /// The event with its texts cut to the limits, so the server never refuses what the shell
    /// queued. Cutting loses the end of a long check name, never the event.
    package func fitted() -> ClassEvent {
        var event = self
        event.failingChecks = failingChecks.map { Array($0.prefix(ClassLimits.failingChecksPerEvent)).map(Self.cut) }
        event.mistake = mistake.map(Self.cut)
        event.askText = askText.map(Self.cut)
        event.askFileName = askFileName.map(Self.cut)
        event.askFile = askFile.map { Self.cut($0, bytes: ClassLimits.askFileBytes) }
        event.askReport = askReport.map { Self.cut($0, bytes: ClassLimits.askReportBytes) }
        return event
    }

    /// Why the server must refuse this event, in a sentence naming the field; nil when it is
    /// fine. `exercises` maps each exercise id of the class to its lesson id.
    package func problem(lessons: Set<String>, exercises: [String: String]) -> String? {
        guard ClassLimits.eventIDCharacters.contains(id.count),
              id.unicodeScalars.allSatisfy({ $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "-") })
        else {
            return "An event id must be 8 to 64 letters, digits or dashes."
        }
        if let exerciseID, exercises[exerciseID] == nil {
            return "'\(Self.cut(exerciseID))' is not an exercise of this class."
        }
        if let lessonID, !lessons.contains(lessonID) {
            return "'\(Self.cut(lessonID))' is not a lesson of this class."
        }
        if let exerciseID, let lessonID, exercises[exerciseID] != lessonID {
            return "Exercise '\(exerciseID)' is not in lesson '\(lessonID)'."
        }
        switch kind {
        case .opened, .run:
            if lessonID == nil && exerciseID == nil { return "A '\(kind.rawValue)' event names its lesson." }
        case .check:
            if exerciseID == nil || passed == nil { return "A 'check' event names its exercise and whether it passed." }
        case .hint, .ask:
            if exerciseID == nil { return "A '\(kind.rawValue)' event names its exercise." }
        }
        let texts = (failingChecks ?? []) + [mistake, askText, askFileName].compactMap { $0 }
        if (failingChecks?.count ?? 0) > ClassLimits.failingChecksPerEvent || texts.contains(where: { $0.count > ClassLimits.textCharacters }) {
            return "An event's check names and texts are at most \(ClassLimits.textCharacters) characters, and at most \(ClassLimits.failingChecksPerEvent) checks."
        }
        if (askFile?.utf8.count ?? 0) > ClassLimits.askFileBytes || (askReport?.utf8.count ?? 0) > ClassLimits.askReportBytes {
            return "An ask's file is at most \(ClassLimits.askFileBytes / 1024) KiB, its report \(ClassLimits.askReportBytes / 1024) KiB."
        }
        if kind != .ask && (askFile != nil || askText != nil || askReport != nil) {
            return "Only an 'ask' event carries a file or a question."
        }
        return nil
    }

    /// What an `ask` carries, in bytes of UTF-8 (its file and report).
    package var askBytes: Int { (askFile?.utf8.count ?? 0) + (askReport?.utf8.count ?? 0) }

    /// The lesson of the event: its own, or its exercise's.
    package func lesson(exercises: [String: String]) -> String? {
        lessonID ?? exerciseID.flatMap { exercises[$0] }
    }

    static func cut(_ text: String) -> String {
        text.count <= ClassLimits.textCharacters ? text : String(text.prefix(ClassLimits.textCharacters - 1)) + "…"
    }

    static func cut(_ text: String, bytes: Int) -> String {
        guard text.utf8.count > bytes else { return text }
        var result = ""
        var used = 0
        for character in text {
            let size = character.utf8.count
            guard used + size <= bytes - 40 else { break }
            result.append(character)
            used += size
        }
        return result + "\n… (cut: over \(bytes / 1024) KiB)\n"
    }
}

/// The rule for a learner's name, one for the handout, `class join` and the server: what a
/// teacher can read, and nothing a page could mistake for markup once escaped (the dashboard
/// inserts names as text). A name is counted as people see it: in characters (grapheme
/// clusters: "é" typed as e and an accent is one) and in the columns a terminal gives it (a
/// Chinese character or an emoji takes two).
package enum LearnerName {
    /// Most characters a single character may be built of: an emoji family is seven, and a
    /// letter buried under two hundred accents is not a name.
    static let scalarsPerCharacter = 10

    /// The name trimmed, its inner spaces made one, or nil with why it cannot be a name.
    package static func validated(_ raw: String) -> Result<String, NameProblem> {
        let name = raw.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
        guard !name.isEmpty else { return .failure(NameProblem(message: "A name cannot be empty.")) }
        // Control characters, and invisible formatting (a right-to-left override, say) but the
        // zero-width joiner that emoji sequences are made with.
        let category = { (scalar: Unicode.Scalar) in scalar.properties.generalCategory }
        guard !name.unicodeScalars.contains(where: { category($0) == .control || (category($0) == .format && $0 != "\u{200D}") }) else {
            return .failure(NameProblem(message: "A name cannot hold control or invisible formatting characters."))
        }
        guard name.allSatisfy({ $0.unicodeScalars.count <= scalarsPerCharacter }) else {
            return .failure(NameProblem(message: "A name cannot hold a character with that many accents or marks on it."))
        }
        guard name.count <= ClassLimits.nameCharacters, columns(name) <= ClassLimits.nameCharacters else {
            return .failure(NameProblem(message: "A name is at most \(ClassLimits.nameCharacters) characters (a wide character, as in 李 or 😀, counts as two)."))
        }
        return .success(name)
    }

    /// How two names compare for "the same name already in the room": case, accents typed in
    /// different ways and spaces aside.
    package static func key(_ name: String) -> String {
        name.precomposedStringWithCanonicalMapping.lowercased().split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    /// The columns a terminal gives `text`: two for a wide or emoji character, one otherwise.
    package static func columns(_ text: String) -> Int {
        text.reduce(0) { $0 + (isWide($1) ? 2 : 1) }
    }

    static func isWide(_ character: Character) -> Bool {
        character.unicodeScalars.contains { scalar in
            if scalar.properties.isEmojiPresentation { return true }
            switch scalar.value {
            case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
                 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x20000...0x3FFFD:
                return true
            default:
                return false
            }
        }
    }

    package struct NameProblem: Error, Equatable, Sendable {
        package let message: String
    }
}
