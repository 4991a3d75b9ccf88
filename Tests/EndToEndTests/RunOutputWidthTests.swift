import DojoCatalog
import DojoCore
import DojoTestSupport
import Foundation
import LessonSupport
import TerminalMarkdown
import Testing

/// Every lesson's `run` fits 80 columns: its demo with no option, then with each of its
/// options and each value of it, through the real `didojo run` and `didojo-demos` with
/// `COLUMNS=80`. The options come from the demos themselves (`didojo-demos describe`); a
/// value is taken from the option's usage line (`a|b|c`, `e.g. --file x`) or from the table
/// below, and an option with neither fails the test, so a new option must say what to try.
@Suite struct RunOutputWidthTests {
    static let width = 80

    /// Values for options whose usage line only names a placeholder (`--pattern <name>`).
    static let knownValues: [String: [String]] = [
        "--pattern": ["control-freak", "service-locator", "ambient-context", "constrained-construction"],
        "--forget": ["output", "clock", "logger", "nothing"],
        "--file": ["notes.txt", "missing.txt"],
        "--clock": ["system", "fixed:2016-06-18"],
        "--wiring": ["di-container", "simple", "swinject"],
        "--context": ["live", "preview", "test"],
        "--gotcha": ["captured", "escaping", "unimplemented"],
        "--text": ["Posted by the width test"],
        "--image": ["cat.jpg"],
        "--select": ["Grace Hopper", "ada"],
        "--chain": ["retry,log", "log,retry", "time,retry", "retry,time", "retry,broadcast", "broadcast,retry", "log,broadcast,retry", "none"],
        // Lesson 10's retry tries 4 times, so 3 is the most that both its demo and lesson 9's take.
        "--failures": ["0", "3"],
        "--part": ["share", "search", "trace"],
        "--typing": ["a,an,ann", "swift,swiftui,swiftdata"],
        "--lifetimes": ["by-hand", "captive", "swinject", "swinject-captive"],
    ]

    /// The demos as `didojo-demos describe` tells them.
    static func descriptions() throws -> [DemoDescription] {
        let demos = Didojo.executable.deletingLastPathComponent().appendingPathComponent("didojo-demos")
        let process = SpawnedProcess()
        process.executableURL = demos
        process.arguments = ["describe"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return try JSONDecoder().decode([DemoDescription].self, from: data)
    }

    /// The command lines to try for one demo: none, then every value of every option.
    static func argumentLists(for demo: DemoDescription) -> (lists: [[String]], unknown: [String]) {
        var lists: [[String]] = [[]]
        var unknown: [String] = []
        let usageLines = demo.usage.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        for flag in demo.flags where flag.hasPrefix("--") {
            guard let line = usageLines.first(where: { $0.hasPrefix(flag + " ") || $0 == flag }) else {
                unknown.append(flag)
                continue
            }
            let shape = line.dropFirst(flag.count).trimmingCharacters(in: .whitespaces).split(separator: " ").first.map(String.init) ?? ""
            if shape.isEmpty || !(shape.hasPrefix("<") || shape.contains("|")) {
                lists.append([flag])  // a flag without a value (`--bench`)
            } else if let known = knownValues[flag] {
                lists += known.map { [flag, $0] }
            } else if shape.contains("|") {
                lists += shape.split(separator: "|").map { [flag, $0.replacingOccurrences(of: "YYYY-MM-DD", with: "2016-06-18")] }
            } else {
                unknown.append(flag)
            }
        }
        return (lists, unknown)
    }

    @Test func everyLessonsRunWithEveryOptionFitsEightyColumns() async throws {
        var didojo = try Didojo()
        didojo.columns = Self.width
        let demos = try Self.descriptions()
        let lessons = LessonCatalog.load(from: Didojo.lessonsFolder, fileSystem: LocalFileSystem()).lessons
        #expect(!demos.isEmpty)
        var wide: [String] = []
        var runs = 0
        for demo in demos {
            #expect(lessons.contains { $0.id == demo.lessonID }, "a demo for no lesson: \(demo.lessonID)")
            let (lists, unknown) = Self.argumentLists(for: demo)
            #expect(unknown.isEmpty, "\(demo.lessonID): no values known for \(unknown); add them to RunOutputWidthTests.knownValues")
            for arguments in lists {
                let result = try await didojo.run(["run", demo.lessonID] + arguments, timeout: .seconds(120))
                runs += 1
                #expect(result.termination == .exited(0), "run \(demo.lessonID) \(arguments): \(result.termination)\n\(result.standardError)")
                for line in (result.standardOutput + result.standardError).split(separator: "\n") {
                    let columns = ANSI.visibleWidth(String(line))
                    if columns > Self.width {
                        wide.append("run \(demo.lessonID) \(arguments.joined(separator: " ")) (\(columns) columns): \(line)")
                    }
                }
            }
        }
        #expect(runs > demos.count * 2, "only \(runs) runs")
        #expect(wide.isEmpty, "\(wide.count) lines wider than 80 columns:\n\(wide.joined(separator: "\n"))")
    }

    /// `help run` in every lesson lists the real demo's options within 80 columns.
    @Test func helpRunFitsEightyColumnsInEveryLesson() async throws {
        var didojo = try Didojo()
        didojo.columns = Self.width
        let demos = try Self.descriptions()
        let script = demos.map { "open \($0.lessonID)\nhelp run\n" }.joined() + "quit\n"
        let result = try await didojo.run([], input: script)
        #expect(result.termination == .exited(0), "\(result.standardError)")
        for demo in demos {
            #expect(result.standardOutput.contains("Options of the \(demo.lessonID) lesson:"), "no options for \(demo.lessonID):\n\(result.standardOutput)")
        }
        // Standard error holds the script's notices (the new workspace's long path), which a
        // person at a terminal gets wrapped.
        let wide = result.standardOutput.split(separator: "\n").filter { ANSI.visibleWidth(String($0)) > Self.width }
        #expect(wide.isEmpty, "\(wide.count) lines wider than 80 columns:\n\(wide.joined(separator: "\n"))")
    }
}
