import DojoTestSupport
import Foundation
import Testing

/// Tables and slides as a person sees them: the real `didojo` on a pseudo-terminal of 80
/// columns and 40 rows, the classroom's default.
@Suite(.serialized) struct TerminalLayoutTests {
    func start(_ didojo: Didojo, color: Bool) throws -> PseudoTerminalSession {
        var environment = didojo.environment
        environment["TERM"] = "xterm"
        environment.removeValue(forKey: "COLUMNS")
        if color { environment.removeValue(forKey: "NO_COLOR") }
        return try PseudoTerminalSession(executable: Didojo.executable, environment: environment, columns: 80)
    }

    /// What the screen showed between two offsets.
    func shown(_ session: PseudoTerminalSession, from start: Int, to end: Int) -> String {
        let screen = session.screen
        return String(screen[screen.index(screen.startIndex, offsetBy: start)..<screen.index(screen.startIndex, offsetBy: end)])
    }

    @Test func theSetterLessonsSummaryTableIsDrawnWithBoxLinesWithin80Columns() async throws {
        let session = try start(try Didojo(), color: true)
        var seen = try await session.waitFor("didojo> ")
        session.type("open setter\r")
        seen = try await session.waitFor("didojo setter 1/6> ", after: seen)
        for page in 2...5 {
            session.type("next\r")
            seen = try await session.waitFor("didojo setter \(page)/6> ", after: seen)
        }
        session.type("next\r")
        let end = try await session.waitFor("didojo setter 6/6> ", after: seen)
        let page = shown(session, from: seen, to: end)

        #expect(page.contains("┌"), "\(page)")
        #expect(page.contains("╞"))
        #expect(page.contains("└"))
        #expect(page.contains("│ constructor "))
        #expect(!page.contains("|---|"))
        for line in page.split(separator: "\n") where line.contains("│") || line.contains("─") {
            #expect(line.count <= 80, "\(line)")
        }
        session.type("quit\r")
        #expect(try await session.waitForExit() == 0)
    }

    @Test func aSlideTallerThanTheScreenShowsItsBannerAMoreMarkAndTheRestAfterSpace() async throws {
        let session = try start(try Didojo(), color: false)
        var seen = try await session.waitFor("didojo> ")
        session.type("present no-di\r")
        seen = try await session.waitFor("present 1/5> ", after: seen)
        session.type("2\r")
        let firstEnd = try await session.waitFor("present 2/5> ", after: seen)
        let first = shown(session, from: seen, to: firstEnd)
        session.type(" \r")
        let secondEnd = try await session.waitFor("present 2/5> ", after: firstEnd)
        let second = shown(session, from: firstEnd, to: secondEnd)

        let banner = "A   P R E S E N T E R"
        #expect(first.contains(banner), "\(first)")
        #expect(second.contains(banner), "the banner stays on top: \(second)")
        let mark = try #require(first.firstMatch(of: /── more: Enter · lines 1–(\d+) of (\d+) ──/), "\(first)")
        let (shownLines, total) = (Int(mark.1)!, Int(mark.2)!)
        #expect(total > shownLines)
        let end = try #require(second.firstMatch(of: /── end of page · lines (\d+)–(\d+) of (\d+) · Enter: next page ──/), "\(second)")
        // The rest follows on (a blank line between paragraphs is not carried over to the top).
        #expect((shownLines + 1...shownLines + 2).contains(Int(end.1)!))
        #expect(Int(end.2)! == total && Int(end.3)! == total)
        #expect(first.contains("Here is the whole presenter"))
        #expect(!first.contains("cannot offer one, because the presenter offers no way in."))
        #expect(second.contains("cannot offer one, because the presenter offers no way in."))
        // Each screenful fits the 40 rows: from the cleared screen to the prompt.
        for screenful in [first, second] {
            let rows = screenful.components(separatedBy: "\n").drop { !$0.hasPrefix("━") }
            #expect(rows.count <= 40, "\(rows.count) rows")
        }

        session.type("q\r")
        seen = try await session.waitFor("didojo> ", after: secondEnd)
        session.type("quit\r")
        #expect(try await session.waitForExit() == 0)
    }
}
