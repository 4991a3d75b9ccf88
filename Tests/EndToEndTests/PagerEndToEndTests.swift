import DojoCatalog
import DojoCore
import DojoTestSupport
import Foundation
import Testing

/// Long text through the real `less`, as a learner meets it: the real `didojo` on a
/// pseudo-terminal of 80×24, no pager chosen (so `less -R -F -X`). Every wait is for
/// something on the screen; nothing is timed.
@Suite(.serialized) struct PagerEndToEndTests {
    static let wait: Duration = .seconds(120)

    func start(_ didojo: Didojo, arguments: [String] = []) throws -> PseudoTerminalSession {
        var environment = didojo.environment
        environment["TERM"] = "xterm-256color"
        for name in ["PAGER", "DIDOJO_PAGER", "LESS", "COLUMNS", "LINES"] { environment.removeValue(forKey: name) }
        return try PseudoTerminalSession(executable: Didojo.executable, arguments: arguments, environment: environment, columns: 80, rows: 24)
    }

    /// What the screen shows after `offset`.
    func shown(_ session: PseudoTerminalSession, after offset: Int) -> String {
        String(session.screen.dropFirst(offset))
    }

    /// The first page of the first lesson: its title, and the prompt that follows it.
    func firstPage() throws -> (title: String, prompt: String) {
        let lesson = try #require(LessonCatalog.load(from: Didojo.lessonsFolder, fileSystem: LocalFileSystem()).lessons.first)
        let heading = try #require(lesson.pages.first?.markdown.split(separator: "\n").first { $0.hasPrefix("# ") })
        return (String(heading.dropFirst(2)), "didojo \(lesson.id) 1/\(lesson.pages.count)> ")
    }

    @Test func aLongPageOpensInLessAtItsFirstLineAndQReturnsToAWorkingPrompt() async throws {
        let page = try firstPage()
        let session = try start(try Didojo())
        var seen = try await session.waitFor("didojo> ", timeout: Self.wait)
        session.type("read\r")
        seen = try await session.waitFor("page 1 of", after: seen, timeout: Self.wait)
        // less shows the first screenful, then its prompt on the last row, and waits for keys.
        let top = try await session.waitFor(page.title, after: seen, timeout: Self.wait)
        try await session.waitFor("\n:", after: top, timeout: Self.wait)
        try await Task.sleep(for: .milliseconds(300))
        let firstScreen = shown(session, after: seen)
        #expect(!firstScreen.contains("'next' for next page"), "the end of the page came before the learner asked for it:\n\(firstScreen)")
        #expect(!firstScreen.contains(page.prompt), "the shell's prompt came while less had the terminal")

        session.type("q")
        seen = try await session.waitFor(page.prompt, after: seen, timeout: Self.wait)
        session.type("progress\r")
        seen = try await session.waitFor("exercises passed", after: seen, timeout: Self.wait)
        #expect(session.screen.contains(page.prompt + "progress\n"), "the prompt line must hold only what was typed:\n\(session.screen)")
        seen = try await session.waitFor(page.prompt, after: seen, timeout: Self.wait)
        session.type("quit\r")
        #expect(try await session.waitForExit() == 0)
    }

    @Test func withNoPagerTheWholePageIsPrinted() async throws {
        let page = try firstPage()
        let session = try start(try Didojo(), arguments: ["--no-pager"])
        var seen = try await session.waitFor("didojo> ", timeout: Self.wait)
        session.type("read\r")
        seen = try await session.waitFor("'next' for next page", after: seen, timeout: Self.wait)
        #expect(session.screen.contains(page.title))
        seen = try await session.waitFor(page.prompt, after: seen, timeout: Self.wait)
        session.type("quit\r")
        #expect(try await session.waitForExit() == 0)
    }
}
