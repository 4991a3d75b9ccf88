import DojoShell
import DojoTestSupport
import Foundation
import TerminalMarkdown
import Testing

/// The shell's `report` lays its tables out to the terminal's width: titles wrap inside their
/// column, and no header is ever broken; the file handed in keeps its Markdown tables.
@MainActor
@Suite struct ReportLayoutTests {
    static let longTitle = "Double it, then prove with a property that doubling holds for every integer there is"

    /// A lesson with a long id and a long title, the exercise passed after seeing the solution.
    func harness(width: Int) throws -> ShellHarness {
        var lesson = LessonFixture.arithmetic(folderName: "01-arithmetic-with-a-long-id")
        lesson.files["lesson.yaml"] = lesson.files["lesson.yaml"]!.replacingOccurrences(of: "\"Double it\"", with: "\"\(Self.longTitle)\"")
        let harness = try ShellHarness(lines: ["report"], lessons: [lesson, .testWriting()])
        harness.terminal.style = TextStyle(useColor: false, width: width)
        var progress = harness.progress
        progress.update("arithmetic-with-a-long-id.1") { $0.passed = true; $0.attempts = 12; $0.hintsShown = 2; $0.solutionSeen = true }
        try harness.store.update { $0 = progress }
        return harness
    }

    @Test(arguments: [80, 100])
    func everyLineFitsAndEveryHeaderIsWhole(width: Int) async throws {
        let harness = try harness(width: width)
        let output = await harness.run()
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false)
        for line in lines {
            #expect(line.count <= width, "too wide: \(line)")
        }
        let headers = lines.filter { $0.hasPrefix("    exercise") }
        #expect(headers.count == 2, "one table per lesson")
        for header in headers {
            #expect(header.split(separator: " ", omittingEmptySubsequences: true) == ["exercise", "title", "attempts", "hints", "time", "to", "pass"])
        }
        // The title wraps inside its column; every word of it is there, in order.
        let header = try #require(headers.first.map { Array($0) })
        let titleStart = try #require(offset(of: "title", in: header))
        let titleEnd = try #require(offset(of: "attempts", in: header))
        let rows = lines.map { Array($0) }
        let row = try #require(rows.firstIndex { String($0).hasPrefix("  ✓ arithmetic-with-a-long-id.1") })
        #expect(String(rows[row]).hasSuffix("12      2  —"))
        var title: [String] = []
        for (number, line) in rows[row...].enumerated() {
            // The row, then its continuation lines: blank up to the title.
            guard number == 0 || (line.count > titleStart && line[..<titleStart].allSatisfy { $0 == " " }) else { break }
            title.append(String(line[titleStart..<min(titleEnd, line.count)]).trimmingCharacters(in: .whitespaces))
        }
        #expect(title.count > 1, "at this width the title wraps")
        #expect(title.joined(separator: " ") == Self.longTitle + " (solution seen)")
    }

    func offset(of word: String, in line: [Character]) -> Int? {
        let target = Array(word)
        return line.indices.first { line[$0...].starts(with: target) }
    }

    @Test func aWideTerminalGetsOneLinePerExercise() async throws {
        let harness = try harness(width: 200)
        let output = await harness.run()
        #expect(output.contains("  ✓ arithmetic-with-a-long-id.1  \(Self.longTitle) (solution seen)        12      2  —\n"))
        #expect(output.contains("  · testing.1  Test the counter  "))
    }

    @Test func theFileKeepsItsMarkdownTables() async throws {
        let harness = try harness(width: 80)
        _ = await harness.run()
        let written = try harness.fileSystem.text(of: URL(fileURLWithPath: "/ws/didojo-report.md"))
        #expect(written.contains("| \(Self.longTitle) | passed (solution seen) | recorded | 12       | 2     | —            |"))
    }
}
