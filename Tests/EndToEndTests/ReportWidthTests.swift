import DojoCatalog
import DojoCore
import DojoTestSupport
import Foundation
import Testing

/// The shell's `report` on an 80-column terminal, with every real lesson's titles.
@Suite struct ReportWidthTests {
    @Test func theReportFitsEightyColumnsWithEveryHeaderWhole() async throws {
        var didojo = try Didojo()
        didojo.columns = 80
        // Seen solutions make the longest titles longer still.
        let result = try await didojo.run([], input: "solution container.3\ny\nsolution dependency-values.1\ny\nreport\n")
        #expect(result.termination == .exited(0))
        let report = try #require(result.standardOutput.components(separatedBy: "DIDojo report\n").last)
        #expect(report.contains("(solution seen)"))
        let lines = report.split(separator: "\n", omittingEmptySubsequences: false)
        for line in lines {
            #expect(line.count <= 80, "wider than 80 columns: \(line)")
        }
        let headers = lines.filter { $0.hasPrefix("    exercise") }
        let lessons = LessonCatalog.load(from: Didojo.lessonsFolder, fileSystem: LocalFileSystem()).lessons
        #expect(headers.count == lessons.count, "one table per lesson")
        for header in headers {
            #expect(header.split(separator: " ") == ["exercise", "title", "attempts", "hints", "time", "to", "pass"])
        }
        #expect(report.contains("dependency-values.1"))
    }
}
