import DojoCore
import Foundation
import Yams

/// Reads a workshop file (YAML), checking every key so that a typo is reported, not ignored.
///
/// ```yaml
/// title: Dependency Injection, Friday morning
/// check-timeout: 15          # seconds a check may run (default 10)
/// solutions: after-pass      # after-pass (default) | never | always
/// lessons:                   # the lessons of the workshop, in this order
///   - no-di                  # just the id ...
///   - id: constructor        # ... or the id with settings
///     time-box: 30m          # 45m, 1h, 1h30m, or a number of minutes
///     locked: true           # opens once every exercise of the lesson before has passed
/// ```
///
/// The YAML is read as a node tree rather than decoded, so that each error can name the key
/// the instructor wrote and the line it is on.
package enum WorkshopFile {
    /// The name of the file picked up from a workspace when no `--workshop` is given.
    package static let defaultName = "workshop.yaml"

    static let topLevelKeys = ["title", "lessons", "check-timeout", "solutions", "class"]
    static let lessonKeys = ["id", "time-box", "locked"]

    package static func load(from file: URL, fileSystem: any FileSystem) throws -> Workshop {
        let text: String
        if fileSystem.directoryExists(at: file) {
            throw WorkshopError(file: file, line: nil, key: nil, problem: "it is a folder; give the workshop file itself (\(file.appendingPathComponent(defaultName).path), say)")
        }
        do {
            text = try fileSystem.text(of: file)
        } catch {
            throw WorkshopError(file: file, line: nil, key: nil, problem: "it cannot be read (\(Self.reason(error)))")
        }
        return try parse(text, file: file)
    }

    /// A file error in a person's words (Foundation's own read "NSCocoaErrorDomain error 256").
    private static func reason(_ error: any Error) -> String {
        let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
        if let posix = underlying, posix.domain == NSPOSIXErrorDomain, let message = strerror(Int32(posix.code)) {
            return String(cString: message)
        }
        if (error as NSError).domain == NSCocoaErrorDomain, (error as NSError).code == NSFileReadNoSuchFileError {
            return "there is no such file"
        }
        return error.localizedDescription
    }

    package static func parse(_ text: String, file: URL) throws -> Workshop {
        func fail(_ node: Node?, _ key: String?, _ problem: String, allowed: [String] = []) -> WorkshopError {
            WorkshopError(file: file, line: node?.mark?.line, key: key, problem: problem, allowed: allowed)
        }

        let root: Node
        do {
            guard let parsed = try Yams.compose(yaml: text) else {
                throw fail(nil, nil, "it is empty; it needs at least a 'lessons' list")
            }
            root = parsed
        } catch let error as WorkshopError {
            throw error
        } catch {
            throw fail(nil, nil, "it is not valid YAML (\(error))")
        }
        guard let mapping = root.mapping else {
            throw fail(root, nil, "it must be a list of 'key: value' lines", allowed: topLevelKeys)
        }
        for key in mapping.keys {
            guard let name = key.string, topLevelKeys.contains(name) else {
                throw fail(key, key.string, "is not a workshop setting", allowed: topLevelKeys)
            }
        }

        let title = try mapping["title"].map { node in
            guard let title = node.string, !title.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw fail(node, "title", "must be a line of text")
            }
            return title
        } ?? "Workshop"

        let checkTimeout = try mapping["check-timeout"].map { node in
            guard let seconds = node.float, seconds > 0, seconds <= 600 else {
                throw fail(node, "check-timeout", "must be a number of seconds between 1 and 600, e.g. 15")
            }
            return seconds
        }

        let solutions = try mapping["solutions"].map { node in
            guard let text = node.string, let policy = SolutionPolicy(rawValue: text) else {
                throw fail(node, "solutions", "is '\(node.string ?? "")', which is not one of the choices", allowed: SolutionPolicy.allCases.map(\.rawValue))
            }
            return policy
        } ?? .afterPass

        let liveClass = try mapping["class"].map { node -> Workshop.LiveClass in
            guard let fields = node.mapping, let url = fields["url"]?.string, !url.isEmpty, let code = fields["code"]?.string, !code.isEmpty,
                  fields.keys.allSatisfy({ ["url", "code"].contains($0.string ?? "") })
            else {
                throw fail(node, "class", "must give the live class's 'url' and 'code', e.g. 'class: {url: http://192.168.1.20:8080, code: K7QD-P2XM}'")
            }
            return Workshop.LiveClass(url: url, code: code)
        }

        guard let lessonsNode = mapping["lessons"] else {
            throw fail(root, "lessons", "is missing: list the lesson ids of the workshop, in order")
        }
        guard let entries = lessonsNode.sequence, !entries.isEmpty else {
            throw fail(lessonsNode, "lessons", "must be a list with at least one lesson id, one per line starting with '- '")
        }
        var lessons: [Workshop.LessonPlan] = []
        for (index, entry) in entries.enumerated() {
            let key = "lessons[\(index + 1)]"
            let plan = try lessonPlan(entry, key: key, fail: fail)
            if lessons.contains(where: { $0.lessonID == plan.lessonID }) {
                throw fail(entry, key, "lists '\(plan.lessonID)' a second time")
            }
            if plan.locked && index == 0 {
                throw fail(entry, "\(key).locked", "cannot be true for the first lesson: no lesson comes before it")
            }
            lessons.append(plan)
        }
        return Workshop(title: title, lessons: lessons, checkTimeout: checkTimeout, solutions: solutions, liveClass: liveClass, file: file)
    }

    private static func lessonPlan(
        _ entry: Node, key: String, fail: (Node?, String?, String, [String]) -> WorkshopError
    ) throws -> Workshop.LessonPlan {
        if let id = entry.scalar?.string {
            return Workshop.LessonPlan(lessonID: id, line: entry.mark?.line)
        }
        guard let mapping = entry.mapping else {
            throw fail(entry, key, "must be a lesson id, or 'id:' with settings", [])
        }
        for field in mapping.keys {
            guard let name = field.string, lessonKeys.contains(name) else {
                throw fail(field, "\(key).\(field.string ?? "?")", "is not a lesson setting", lessonKeys)
            }
        }
        guard let id = mapping["id"]?.string, !id.isEmpty else {
            throw fail(entry, "\(key).id", "is missing: every lesson entry needs the lesson's id", [])
        }
        let timeBox = try mapping["time-box"].map { node in
            guard let text = node.string, let duration = parseTimeBox(text) else {
                throw fail(node, "\(key).time-box", "is '\(node.string ?? "")', which is not a duration; write minutes like 30 or 30m, hours like 1h or 1h30m", [])
            }
            guard duration >= minimumTimeBox, duration <= maximumTimeBox else {
                throw fail(node, "\(key).time-box", "is '\(text)', which is not a time box a lesson can have; give between 1 minute and 24 hours (1h30m, 45m)", [])
            }
            return duration
        }
        let locked = try mapping["locked"].map { node in
            guard let value = node.bool else {
                throw fail(node, "\(key).locked", "is '\(node.string ?? "")', which is neither true nor false", [])
            }
            return value
        } ?? false
        return Workshop.LessonPlan(lessonID: id, timeBox: timeBox, locked: locked, line: (mapping["id"] ?? entry).mark?.line)
    }

    /// The time boxes a lesson may have: a minute at least, a day at most (a workshop, not a term).
    static let minimumTimeBox = Duration.seconds(60)
    static let maximumTimeBox = Duration.seconds(24 * 3600)

    /// `30`, `30m`, `1h`, `1h30m` (and `1h 30m`) → a duration; nil for anything else or zero.
    static func parseTimeBox(_ text: String) -> Duration? {
        let compact = text.lowercased().replacingOccurrences(of: " ", with: "")
        if let minutes = Int(compact) {
            return minutes > 0 ? .seconds(minutes * 60) : nil
        }
        var hours = 0
        var minutes = 0
        var digits = ""
        var sawUnit = false
        for character in compact {
            if character.isNumber {
                digits.append(character)
                continue
            }
            guard let value = Int(digits) else { return nil }
            switch character {
            case "h" where !sawUnit: hours = value
            case "m": minutes = value
            default: return nil
            }
            sawUnit = true
            digits = ""
        }
        guard digits.isEmpty, sawUnit, hours * 60 + minutes > 0 else { return nil }
        return .seconds((hours * 60 + minutes) * 60)
    }
}
