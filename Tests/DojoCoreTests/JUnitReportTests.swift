import DojoCatalog
import DojoGrading
import Foundation
import Testing
#if canImport(FoundationXML)
import FoundationXML
#endif

/// The JUnit XML of `didojo verify --format junit`, read back with a real XML parser.
@Suite struct JUnitReportTests {
    /// What a parser saw: every element with its attributes, and the text inside each.
    final class Collected: NSObject, XMLParserDelegate {
        struct Element { let name: String; let attributes: [String: String]; var text = "" }
        var elements: [Element] = []
        private var open: [Int] = []

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
            elements.append(Element(name: name, attributes: attributes))
            open.append(elements.count - 1)
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if let index = open.last { elements[index].text += string }
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            open.removeLast()
        }

        func named(_ name: String) -> [Element] { elements.filter { $0.name == name } }
    }

    /// Parses `xml`, failing the test when it is not well-formed.
    func parse(_ xml: String) throws -> Collected {
        let parser = XMLParser(data: Data(xml.utf8))
        let collected = Collected()
        parser.delegate = collected
        let parsed = parser.parse()
        #expect(parsed, "not well-formed XML: \(parser.parserError.map { "\($0)" } ?? "?")\n\(xml)")
        try #require(parsed)
        return collected
    }

    func row(_ lesson: String, _ number: Int, passed: Bool, problem: String? = nil, output: String = "", seconds: Double = 1.5) -> VerificationRow {
        VerificationRow(
            lesson: lesson, exercise: "\(lesson).\(number)", title: "Exercise \(number)", subject: .learnerFile, passed: passed,
            line: passed ? "✓ \(lesson).\(number) passed" : "✗ \(lesson).\(number) does not pass yet: \(problem ?? "")",
            problem: problem, output: output, seconds: seconds
        )
    }

    @Test func oneSuitePerLessonOneCasePerExerciseAndAFailureForEachThatDidNotPass() throws {
        let xml = JUnitReport.xml([
            row("no-di", 1, passed: true),
            row("no-di", 2, passed: false, problem: "posts once (expected one post)"),
            row("constructor", 1, passed: false, problem: "does not compile: x.swift:3: cannot find 'y' in scope"),
        ])
        let parsed = try parse(xml)
        let root = try #require(parsed.named("testsuites").first)
        #expect(root.attributes["tests"] == "3")
        #expect(root.attributes["failures"] == "2")
        #expect(root.attributes["time"] == "4.500")
        let suites = parsed.named("testsuite")
        #expect(suites.map { $0.attributes["name"] } == ["no-di", "constructor"])
        #expect(suites.map { $0.attributes["tests"] } == ["2", "1"])
        #expect(suites.map { $0.attributes["failures"] } == ["1", "1"])
        let cases = parsed.named("testcase")
        #expect(cases.map { $0.attributes["classname"] } == ["no-di", "no-di", "constructor"])
        #expect(cases.map { $0.attributes["name"] } == ["no-di.1 — Exercise 1", "no-di.2 — Exercise 2", "constructor.1 — Exercise 1"])
        #expect(cases.allSatisfy { $0.attributes["time"] == "1.500" })
        let failures = parsed.named("failure")
        #expect(failures.map { $0.attributes["message"] } == [
            "posts once (expected one post)", "does not compile: x.swift:3: cannot find 'y' in scope",
        ])
    }

    @Test func whateverTheLearnersCodePrintedTheDocumentStaysWellFormed() throws {
        let nasty = "<tag> & \"quotes\" 'single' ]]> \u{1b}[31mred\u{1b}[0m \u{0}nul \u{7}bell \u{FFFE} ok: é 🚀\nsecond line"
        let xml = JUnitReport.xml([row("no-di", 1, passed: false, problem: "expected \(nasty)", output: nasty)])
        let parsed = try parse(xml)
        let message = try #require(parsed.named("failure").first?.attributes["message"])
        // Markup comes back as it was; characters XML cannot hold are dropped; the line
        // break inside the attribute survives.
        #expect(message == "expected <tag> & \"quotes\" 'single' ]]> [31mred[0m nul bell  ok: é 🚀\nsecond line")
        let output = try #require(parsed.named("system-out").first?.text)
        #expect(output == "<tag> & \"quotes\" 'single' ]]> [31mred[0m nul bell  ok: é 🚀\nsecond line")
    }

    @Test func aLessonThatDidNotLoadIsAFailedCase() throws {
        let xml = JUnitReport.xml([row("no-di", 1, passed: true)], lessonProblems: [LessonLoadProblem(path: "/l/09-broken", problem: "no lesson.yaml")])
        let parsed = try parse(xml)
        #expect(parsed.named("testsuites").first?.attributes["failures"] == "1")
        #expect(parsed.named("failure").first?.attributes["message"] == "lesson not loaded: /l/09-broken: no lesson.yaml")
    }

    @Test func anAuthorsSolutionAndStarterOfOneExerciseAreTwoNamedCases() throws {
        let solution = VerificationRow(lesson: "a", exercise: "a.1", title: "T", subject: .solution, passed: true, line: "✓", problem: nil)
        let starter = VerificationRow(lesson: "a", exercise: "a.1", title: "T", subject: .starter, passed: true, line: "✓", problem: nil)
        let parsed = try parse(JUnitReport.xml([solution, starter]))
        #expect(parsed.named("testcase").map { $0.attributes["name"] } == ["a.1 — T (solution)", "a.1 — T (starter)"])
        #expect(parsed.named("failure").isEmpty)
    }
}
