import DojoCore
import DojoTestSupport
import Foundation
import TerminalMarkdown
import Testing

/// A failed check on a real exercise's starter (no-di.1's, which compiles and prints five compose
/// sheets; those of no-di.2, no-di.3 and constructor.1 do not compile yet), in the real `didojo` on a pseudo-terminal of
/// 80×24: the report, from its verdict to the next prompt, fits the screen, so the verdict is
/// still on it when the prompt comes back; `output` then shows all that the code printed.
@Suite(.serialized) struct CheckVerdictOnScreenTests {
    static let checkWait: Duration = .seconds(300)

    /// The rows `text` takes on an 80-column screen.
    static func rows(_ text: String) -> Int {
        text.split(separator: "\n", omittingEmptySubsequences: false).reduce(0) { total, line in
            total + max(1, (ANSI.visibleWidth(String(line)) + 79) / 80)
        }
    }

    @Test(arguments: ["no-di.1"])
    func aFailedCheckOfTheStarterKeepsItsVerdictOnA24RowScreen(_ exerciseID: String) async throws {
        let lesson = String(exerciseID.split(separator: ".")[0])
        let didojo = try Didojo()
        var environment = didojo.environment
        environment["TERM"] = "xterm-256color"
        let session = try PseudoTerminalSession(executable: Didojo.executable, environment: environment, columns: 80, rows: 24)
        var seen = try await session.waitFor("didojo> ")
        session.type("check \(exerciseID)\r")
        let prompt = "didojo \(lesson) exercises> "
        let end = try await session.waitFor(prompt, after: seen, timeout: Self.checkWait)
        let screen = session.screen
        let shown = String(screen[screen.index(screen.startIndex, offsetBy: seen)..<screen.index(screen.startIndex, offsetBy: end)])
        let verdict = try #require(shown.range(of: "✗ \(exerciseID):"), "no verdict:\n\(shown)")
        let report = String(shown[verdict.lowerBound...])
        // The prompt takes the last row.
        #expect(Self.rows(report) <= 24, "\(Self.rows(report)) rows, so the verdict has scrolled away:\n\(report)")
        #expect(report.contains("Fix your file ('edit'), then 'check' again."))
        if exerciseID == "no-di.1" {
            // A compose sheet for every post of the checks, of whose lines the last 6 are shown,
            // and the count of the rest.
            #expect(report.contains("Your code printed (the last 6 lines):"), "\(report)")
            let more = try #require(
                report.firstMatch(of: /…and (\d+) lines more: 'output' shows them all\./).flatMap { Int($0.1) },
                "no count of the lines left out:\n\(report)"
            )
            seen = end
            session.type("output\r")
            let afterOutput = try await session.waitFor(prompt, after: seen)
            let whole = String(session.screen.dropFirst(seen).prefix(afterOutput - seen))
            #expect(whole.contains("(\(more + 6) lines):"), "\(whole)")
            #expect(whole.components(separatedBy: "· compose").count - 1 >= 5, "\(whole)")
        }
        session.type("quit\r")
        #expect(try await session.waitForExit() == 0)
    }
}
