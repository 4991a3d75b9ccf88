import DojoCatalog
import DojoCore
import Foundation

/// Verification or grading results as JUnit XML, the format CI systems and learning platforms
/// read: one `<testsuite>` per lesson (per learner and lesson, `ada/no-di`, when a class was
/// graded), one `<testcase>` per exercise, a `<failure>` with the reason in readable words for
/// each exercise that does not pass, and `<skipped>` for each the learner has not tried.
package enum JUnitReport {
    /// - Parameters:
    ///   - rows: the results, in lesson order.
    ///   - lessonProblems: lessons that could not be loaded; each becomes a failed test case,
    ///     so that a broken lesson is never mistaken for a clean run.
    ///   - name: the root's name: the learner's, when one workspace was graded, so that files
    ///     merged by a CI system keep learners apart.
    package static func xml(_ rows: [VerificationRow], lessonProblems: [LessonLoadProblem] = [], name: String = "didojo") -> String {
        var suites: [(name: String, rows: [VerificationRow])] = []
        for row in rows {
            let suiteName = suite(of: row)
            if let last = suites.indices.last, suites[last].name == suiteName {
                suites[last].rows.append(row)
            } else {
                suites.append((suiteName, [row]))
            }
        }
        let failures = rows.filter { !$0.passed && !$0.untried }.count + lessonProblems.count
        let total = rows.count + lessonProblems.count
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites name=\"\(XMLText.attribute(name))\" tests=\"\(total)\" failures=\"\(failures)\" errors=\"0\" "
            + "skipped=\"\(rows.filter(\.untried).count)\" time=\"\(time(rows))\">\n"
        if !lessonProblems.isEmpty {
            xml += "  <testsuite name=\"lessons\" tests=\"\(lessonProblems.count)\" failures=\"\(lessonProblems.count)\" errors=\"0\" skipped=\"0\" time=\"0.000\">\n"
            for problem in lessonProblems {
                xml += "    <testcase classname=\"lessons\" name=\"\(XMLText.attribute(problem.path))\" time=\"0.000\">\n"
                xml += "      <failure message=\"\(XMLText.attribute("lesson not loaded: " + problem.description))\"/>\n"
                xml += "    </testcase>\n"
            }
            xml += "  </testsuite>\n"
        }
        for suite in suites {
            let failed = suite.rows.filter { !$0.passed && !$0.untried }.count
            let skipped = suite.rows.filter(\.untried).count
            xml += "  <testsuite name=\"\(XMLText.attribute(suite.name))\" tests=\"\(suite.rows.count)\" failures=\"\(failed)\" errors=\"0\" skipped=\"\(skipped)\" time=\"\(time(suite.rows))\">\n"
            for row in suite.rows {
                xml += testCase(row)
            }
            xml += "  </testsuite>\n"
        }
        xml += "</testsuites>\n"
        return xml
    }

    /// `no-di`, or `ada/no-di` for a learner of a class.
    static func suite(of row: VerificationRow) -> String {
        row.learner.map { "\($0)/\(row.lesson)" } ?? row.lesson
    }

    private static func testCase(_ row: VerificationRow) -> String {
        // Authors verify both the solution and the starter of an exercise; saying which keeps
        // the two test cases apart. A learner's file needs no such word.
        let subject = row.subject == .learnerFile ? "" : " (\(row.subject.rawValue))"
        let name = "\(row.exercise) — \(row.title)\(subject)"
        var xml = "    <testcase classname=\"\(XMLText.attribute(suite(of: row)))\" name=\"\(XMLText.attribute(name))\" time=\"\(seconds(row.seconds))\""
        guard !row.passed else { return xml + "/>\n" }
        xml += ">\n"
        if row.untried {
            return xml + "      <skipped message=\"\(XMLText.attribute(row.problem ?? row.line))\"/>\n    </testcase>\n"
        }
        let message = row.problem ?? row.line
        xml += "      <failure message=\"\(XMLText.attribute(message))\" type=\"\(row.subject == .learnerFile ? "not passed" : "does not hold")\">"
        xml += XMLText.content(row.line) + "</failure>\n"
        if !row.output.isEmpty {
            xml += "      <system-out>" + XMLText.content(row.output) + "</system-out>\n"
        }
        return xml + "    </testcase>\n"
    }

    private static func time(_ rows: [VerificationRow]) -> String {
        seconds(rows.reduce(0) { $0 + $1.seconds })
    }

    private static func seconds(_ value: Double) -> String {
        String(format: "%.3f", value)
    }
}
