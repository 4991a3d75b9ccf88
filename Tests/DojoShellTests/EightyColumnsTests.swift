import DojoCatalog
import DojoCore
import DojoWorkspace
@testable import DojoShell
import DojoTestSupport
import Foundation
import TerminalMarkdown
import Testing

/// Everything a learner reads in the shell fits 80 columns: every page of every lesson in the
/// catalogue, every exercise's task, hints and solution diff, every glossary entry, `help` and
/// each command's help, `lessons`, `progress` and `report`, in colour and without. Widths are
/// counted in display columns (box drawing one, emoji two, escape sequences none). The
/// lessons' `run` output is in EndToEndTests.RunOutputWidthTests, compile errors in
/// ExerciseCheckingTests.ExplanationCorpusTests.
@MainActor
@Suite struct EightyColumnsTests {
    static let width = 80
    static let catalog = LessonCatalog.load(from: Didojo.lessonsFolder, fileSystem: LocalFileSystem())

    /// One command's output, for a failure to say where a line came from.
    struct Shown {
        let command: String
        let text: String
    }

    /// Runs `commands` through a shell on the real lessons, with a fresh workspace, on an
    /// 80-column terminal; "y" answers any question.
    func run(_ commands: [String], useColor: Bool) async throws -> [Shown] {
        let folder = try TemporaryFolder("eighty-columns")
        defer { folder.remove() }
        let fileSystem = LocalFileSystem()
        let workspace = Workspace(root: folder.url.appendingPathComponent("ws"), fileSystem: fileSystem, timeSource: FixedTimeSource())
        try workspace.prepare(for: Self.catalog.allExercises)
        let store = ProgressStore(file: workspace.progressFile, fileSystem: fileSystem, timeSource: FixedTimeSource())
        let terminal = FakeTerminal()
        terminal.style = TextStyle(useColor: useColor, width: Self.width)
        let dependencies = ShellDependencies(
            console: ShellConsole(terminal: terminal, interrupts: FakeInterrupts(), clock: ContinuousClock()),
            programs: ShellPrograms(editor: FakeEditor(), fileWatcher: FakeFileWatcher(changes: 0), demos: FakeDemoLauncher()),
            course: ShellCourse(catalog: Self.catalog, fileSystem: fileSystem),
            records: LearnerRecords(workspace: workspace, progressStore: store, fileSystem: fileSystem, timeSource: FixedTimeSource()),
            checker: .success(FakeChecker(fileSystem: fileSystem))
        )
        let shell = Shell(session: ShellSession(dependencies: dependencies, progress: try store.read().progress))
        var shown: [Shown] = []
        for command in commands {
            terminal.lines = ["y"]
            let before = terminal.output.endIndex
            _ = await shell.execute(command)
            shown.append(Shown(command: command, text: String(terminal.output[before...])))
        }
        return shown
    }

    /// Every line of every output that is wider than 80 columns, with its command.
    func tooWide(_ shown: [Shown]) -> [String] {
        shown.flatMap { output in
            output.text.split(separator: "\n").compactMap { line -> String? in
                let columns = ANSI.visibleWidth(String(line))
                return columns > Self.width ? "'\(output.command)' (\(columns) columns): \(ANSI.strip(String(line)))" : nil
            }
        }
    }

    /// Every page of every lesson, then its exercises page.
    var readingCommands: [String] {
        Self.catalog.lessons.flatMap { lesson in ["open \(lesson.id)"] + Array(repeating: "next", count: lesson.pages.count) }
    }

    /// Every exercise's task, each of its hints and its solution diff against the starter.
    var exerciseCommands: [String] {
        Self.catalog.allExercises.flatMap { exercise in
            ["exercise \(exercise.id)"] + Array(repeating: "hint \(exercise.id)", count: exercise.hints.count) + ["solution \(exercise.id)"]
        }
    }

    /// The glossary's list and every entry in it.
    var glossaryCommands: [String] {
        let glossary = try? Self.catalog.glossary?.get()
        return ["glossary"] + (glossary?.entries ?? []).map { "glossary \($0.completion)" }
    }

    var otherCommands: [String] {
        ["help", "lessons", "progress", "report"] + CommandRegistry.standard().names.map { "help \($0)" }
    }

    @Test(arguments: [false, true])
    func everyPageFits(useColor: Bool) async throws {
        let shown = try await run(readingCommands, useColor: useColor)
        #expect(shown.count > Self.catalog.lessons.count * 2, "the pages were not shown")
        let wide = tooWide(shown)
        #expect(wide.isEmpty, "\(wide.count) lines wider than 80 columns:\n\(wide.joined(separator: "\n"))")
    }

    @Test(arguments: [false, true])
    func everyTaskHintAndSolutionFits(useColor: Bool) async throws {
        let shown = try await run(exerciseCommands, useColor: useColor)
        #expect(shown.contains { $0.command.hasPrefix("solution") && $0.text.contains("+ ") }, "no solution diff was shown")
        let wide = tooWide(shown)
        #expect(wide.isEmpty, "\(wide.count) lines wider than 80 columns:\n\(wide.joined(separator: "\n"))")
    }

    @Test(arguments: [false, true])
    func theGlossaryHelpLessonsAndReportFit(useColor: Bool) async throws {
        let shown = try await run(glossaryCommands + otherCommands, useColor: useColor)
        #expect(glossaryCommands.count > 10, "the glossary was not found")
        let wide = tooWide(shown)
        #expect(wide.isEmpty, "\(wide.count) lines wider than 80 columns:\n\(wide.joined(separator: "\n"))")
    }

    /// Diagrams and printed output in the pages (code blocks that are not Swift) are drawn to
    /// fit by hand: wrapped, they would no longer be drawings.
    @Test func diagramsAndOutputInThePagesFitWithoutWrapping() throws {
        let room = Self.width - MarkdownRenderer.codeIndent.count
        var wide: [String] = []
        for lesson in Self.catalog.lessons {
            for (number, page) in lesson.pages.enumerated() {
                for line in Self.linesOfNonSwiftCodeBlocks(in: page.markdown) where ANSI.visibleWidth(line) > room {
                    wide.append("\(lesson.id) page \(number + 1) (\(ANSI.visibleWidth(line)) columns): \(line)")
                }
            }
        }
        #expect(wide.isEmpty, "\(wide.count) lines of diagrams or output wider than \(room) columns (80 with the code indent):\n\(wide.joined(separator: "\n"))")
    }

    /// The lines of the fenced code blocks whose language is given and is not Swift.
    static func linesOfNonSwiftCodeBlocks(in markdown: String) -> [String] {
        var lines: [String] = []
        var fence: (marker: String, kept: Bool)?
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if let open = fence {
                if trimmed.hasPrefix(open.marker) && trimmed.allSatisfy({ $0 == open.marker.first }) {
                    fence = nil
                } else if open.kept {
                    lines.append(line.replacingOccurrences(of: "\t", with: "    "))
                }
                continue
            }
            for marker in ["```", "~~~"] where trimmed.hasPrefix(marker) {
                let language = trimmed.drop { $0 == marker.first }.trimmingCharacters(in: .whitespaces).lowercased()
                fence = (String(trimmed.prefix { $0 == marker.first }), !language.isEmpty && !language.hasPrefix("swift"))
            }
        }
        return lines
    }

    @Test func theCodeBlockScannerFindsOnlyNonSwiftBlocks() {
        let markdown = "a\n```swift\nlet x = 1\n```\n```text\n┌─┐\n│ │\n```\n```\nplain\n```\n"
        #expect(Self.linesOfNonSwiftCodeBlocks(in: markdown) == ["┌─┐", "│ │"])
    }
}
