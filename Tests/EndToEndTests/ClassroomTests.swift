import DojoCatalog
import DojoCore
import DojoTestSupport
import Foundation
import Testing
#if canImport(FoundationXML)
import FoundationXML
#endif

/// What an instructor does with the real binary: grade a half-finished workspace as JUnit,
/// read the learner's report, and move a learner to another machine.
@Suite struct ClassroomTests {
    static let catalog = LessonCatalog.load(from: Didojo.lessonsFolder, fileSystem: LocalFileSystem())

    /// Counts JUnit's elements and keeps the failure messages.
    final class JUnitReader: NSObject, XMLParserDelegate {
        var suites: [[String: String]] = []
        var cases: [[String: String]] = []
        var failures: [String: String] = [:]
        var skipped: [String] = []

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
            switch name {
            case "testsuite": suites.append(attributes)
            case "testcase": cases.append(attributes)
            case "failure": failures[cases.last?["name"] ?? "?"] = attributes["message"] ?? ""
            case "skipped": skipped.append(cases.last?["name"] ?? "?")
            default: break
            }
        }
    }

    @Test func verifyAsJUnitGradesAHalfFinishedWorkspaceAndRecordsOnlyThePasses() async throws {
        let didojo = try Didojo()
        let lesson = try #require(Self.catalog.lesson(id: "no-di"))
        #expect(lesson.exercises.count == 3)
        // The learner solved exercises 1 and 3 and left 2 as the starter.
        for exercise in lesson.exercises {
            let file = didojo.workspace.appendingPathComponent("\(exercise.lessonID)/\(exercise.number)/\(exercise.fileName)")
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: exercise.number == 2 ? exercise.starter : exercise.solution, to: file)
        }

        let result = try await didojo.run(["verify", "--lesson", "no-di", "--format", "junit"])
        #expect(result.termination == .exited(1), "\(result.standardError)")
        let parser = XMLParser(data: Data(result.standardOutput.utf8))
        let reader = JUnitReader()
        parser.delegate = reader
        #expect(parser.parse(), "not well-formed: \(result.standardOutput)")
        #expect(reader.suites.map { $0["name"] } == ["no-di"])
        #expect(reader.suites.first?["tests"] == "3")
        #expect(reader.suites.first?["failures"] == "0")
        #expect(reader.suites.first?["skipped"] == "1", "the starter left as it is counts as not tried")
        #expect(reader.skipped == ["no-di.2 — \(lesson.exercises[1].title)"])
        #expect(reader.cases.map { $0["name"] } == lesson.exercises.map { "\($0.id) — \($0.title)" })
        #expect(reader.cases.allSatisfy { $0["classname"] == "no-di" && Double($0["time"] ?? "") != nil })
        #expect(reader.failures.isEmpty)

        // The passes are recorded for the report; the grading run is not the learner's attempt.
        let report = try await didojo.run(["report", "--format", "json"])
        #expect(report.termination == .exited(0))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(report.standardOutput.utf8)) as? [String: Any])
        let totals = try #require(object["totals"] as? [String: Any])
        #expect(totals["exercisesPassed"] as? Int == 2)
        #expect(totals["attempts"] as? Int == 0)
    }

    @Test func anExportImportedIntoAFreshWorkspaceBringsBackTheFilesAndTheHints() async throws {
        let didojo = try Didojo()
        let shell = try await didojo.run([], input: "hint no-di.1\nhint no-di.1\nquit\n")
        #expect(shell.termination == .exited(0))
        let mine = didojo.workspace.appendingPathComponent("no-di/1/SocialPresenter.swift")
        try "// my own attempt\n".write(to: mine, atomically: true, encoding: .utf8)

        let exportFile = didojo.home.url.appendingPathComponent("moving.json")
        let exported = try await didojo.run(["progress", "export", exportFile.path])
        #expect(exported.termination == .exited(0), "\(exported.standardError)")
        #expect(exported.standardOutput.contains("Exported your progress and"))

        let elsewhere = didojo.home.url.appendingPathComponent("other-machine")
        let imported = try await didojo.run(["progress", "import", exportFile.path, "--workspace", elsewhere.path])
        #expect(imported.termination == .exited(0), "\(imported.standardError)")
        #expect(imported.standardOutput.contains("Imported into \(elsewhere.path):"))
        #expect(try String(contentsOf: elsewhere.appendingPathComponent("no-di/1/SocialPresenter.swift"), encoding: .utf8) == "// my own attempt\n")

        let report = try await didojo.run(["report", "--workspace", elsewhere.path])
        #expect(report.termination == .exited(0))
        #expect(report.standardOutput.contains("- Hints shown: 2"))

        // A file that is not an export is refused with a status 2 and a reason.
        let foreign = didojo.home.url.appendingPathComponent("foreign.json")
        try "{\"hello\": 1}".write(to: foreign, atomically: true, encoding: .utf8)
        let refused = try await didojo.run(["progress", "import", foreign.path, "--workspace", elsewhere.path])
        #expect(refused.termination == .exited(2))
        #expect(refused.standardError.contains("is not a DIDojo progress export"))
    }

    @Test func resetAllStartsAClassroomLaptopOverAndKeepsABackup() async throws {
        let didojo = try Didojo()
        let shell = try await didojo.run([], input: "hint no-di.1\nquit\n")
        #expect(shell.termination == .exited(0))
        let mine = didojo.workspace.appendingPathComponent("no-di/1/SocialPresenter.swift")
        try "// last workshop's attempt\n".write(to: mine, atomically: true, encoding: .utf8)

        let declined = try await didojo.run(["reset", "--all"], input: "n\n")
        #expect(declined.termination == .exited(1))
        #expect(declined.standardOutput.contains("Nothing changed."))
        #expect(try String(contentsOf: mine, encoding: .utf8) == "// last workshop's attempt\n")

        let done = try await didojo.run(["reset", "--all", "--yes"])
        #expect(done.termination == .exited(0), "\(done.standardError)")
        let backups = try FileManager.default.contentsOfDirectory(atPath: didojo.workspace.appendingPathComponent(".didojo/backups").path)
        let folder = try #require(backups.first { $0.hasPrefix("reset-all-") })
        #expect(done.standardOutput.contains(folder))
        let kept = didojo.workspace.appendingPathComponent(".didojo/backups/\(folder)/no-di/1/SocialPresenter.swift")
        #expect(try String(contentsOf: kept, encoding: .utf8) == "// last workshop's attempt\n")
        #expect(try String(contentsOf: mine, encoding: .utf8).contains("TODO"))
        let report = try await didojo.run(["report"])
        #expect(report.standardOutput.contains("- Hints shown: 0"))
    }
}
