import DojoCore
import Foundation

/// The grid as files a teacher keeps: CSV for a spreadsheet, JUnit for a grader.
enum ClassExport {
    static func csv(_ room: RoomSnapshot) -> String {
        let exercises = room.lessons.flatMap { $0.exercises.map(\.id) }
        var lines = [(["learner"] + exercises.flatMap { [$0, $0 + " attempts"] }).map(field).joined(separator: ",")]
        for learner in room.learners {
            let cells = exercises.flatMap { id -> [String] in
                let cell = learner.cells[id]
                return [cell?.state ?? "untried", String(cell?.attempts ?? 0)]
            }
            lines.append(([learner.name] + cells).map(field).joined(separator: ","))
        }
        return lines.joined(separator: "\r\n") + "\r\n"
    }

    /// A CSV field: quoted when it must be, and never read as a formula by a spreadsheet
    /// (a learner named `=HYPERLINK(…)` stays text).
    private static func field(_ value: String) -> String {
        var value = value
        if let first = value.first, "=+-@\t\r".contains(first) { value = "'" + value }
        guard value.contains(where: { ",\"\r\n".contains($0) }) else { return value }
        return "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// One suite per learner, one case per exercise: passed, failed (with the attempts), or
    /// skipped when not tried.
    static func junit(_ room: RoomSnapshot) -> String {
        let exercises = room.lessons.flatMap(\.exercises)
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites name=\"\(XMLText.attribute(room.className))\">\n"
        for learner in room.learners {
            let failures = exercises.filter { learner.cells[$0.id]?.state == "failing" }.count
            let skipped = exercises.filter { learner.cells[$0.id] == nil }.count
            xml += "  <testsuite name=\"\(XMLText.attribute(learner.name))\" tests=\"\(exercises.count)\" failures=\"\(failures)\" skipped=\"\(skipped)\" errors=\"0\">\n"
            for exercise in exercises {
                let name = "classname=\"\(XMLText.attribute(learner.name))\" name=\"\(XMLText.attribute(exercise.id))\""
                switch learner.cells[exercise.id] {
                case nil:
                    xml += "    <testcase \(name)><skipped message=\"not tried\"/></testcase>\n"
                case let cell? where cell.state == "passed":
                    xml += "    <testcase \(name)/>\n"
                case let cell?:
                    xml += "    <testcase \(name)><failure message=\"failing after \(cell.attempts) attempts\"/></testcase>\n"
                }
            }
            xml += "  </testsuite>\n"
        }
        return xml + "</testsuites>\n"
    }
}
