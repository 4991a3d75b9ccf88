import DojoTestSupport
import Foundation
import TerminalMarkdown
import Testing

/// A failed check in the real `didojo` on a pseudo-terminal of 80×24: the report, from its
/// verdict to the next prompt, fits the screen, so the verdict is still on it when the prompt
/// comes back; `output` then shows the whole. On no-di.1's starter (which compiles and prints
/// five compose sheets; those of no-di.2, no-di.3 and constructor.1 do not compile yet), on a
/// file with a dozen compile errors (in the shell, and in `didojo check` on a terminal and
/// through a pipe, which gets them all), and on a failed check with wiring notes.
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

    /// no-di.1 with a dozen compile errors, most of them in the two `share` methods.
    static let manyErrors = """
        import Domain

        final class SocialPresenter {
            private let network: SocialNetwork
            private let client = TwitterClient()
            private let clock = SystemClock()

            init(network: SocialNetwork = .twitter) {
                self.network = network
            }

            func share(_ text: String) throws {
                let facebook = FacebokClient()
                if network == .facebok { try facebok.post(stamped(text)) }
                try clinet.post(stamped(text))
                log(text)
                count += 1
            }

            func share(_ text: String, image: Image) throws {
                let facebook = FacebokClient()
                if network == .facebok { try facebook.post(stamped(text), picture: image) }
                try clinet.post(stamped(text), image: image)
                log(text)
            }

            private func stamped(_ text: String) -> String {
                "\\(text) (\\(clock.now().utcStamp(zone: .utc)))"
            }
        }

        """

    /// no-di.2 with its seam taken but ignored: its checks fail, it prints a compose sheet for
    /// each post, and two clients it creates itself are wiring notes.
    static let seamIgnored = """
        import Domain

        final class SocialPresenter {
            private let client = TwitterClient()
            private let backup = FacebookClient()
            private let clock = SystemClock()

            init(client: any SocialPostOutput = TwitterClient()) {
            }

            func share(_ text: String) throws {
                try client.post(stamped(text))
            }

            func share(_ text: String, image: Image) throws {
                try client.post(stamped(text), image: image)
            }

            private func stamped(_ text: String) -> String {
                "\\(text) (\\(clock.now().utcStamp))"
            }
        }

        """

    /// Writes `source` as the learner's file of `exerciseID` (`no-di.1`) in `didojo`'s workspace.
    static func write(_ source: String, for exerciseID: String, in didojo: Didojo) throws {
        let parts = exerciseID.split(separator: ".")
        let folder = didojo.workspace.appendingPathComponent("\(parts[0])/\(parts[1])")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try source.write(to: folder.appendingPathComponent("SocialPresenter.swift"), atomically: true, encoding: .utf8)
    }

    /// What the real shell on an 80×24 pseudo-terminal shows for `check <exerciseID>`, from its
    /// verdict to the next prompt; then what `output` shows.
    static func checkInTheShell(_ exerciseID: String, source: String, verdict: String) async throws -> (report: String, output: String) {
        let didojo = try Didojo()
        try write(source, for: exerciseID, in: didojo)
        var environment = didojo.environment
        environment["TERM"] = "xterm-256color"
        let session = try PseudoTerminalSession(executable: Didojo.executable, environment: environment, columns: 80, rows: 24)
        let seen = try await session.waitFor("didojo> ")
        session.type("check \(exerciseID)\r")
        let prompt = "didojo \(exerciseID.split(separator: ".")[0]) exercises> "
        let end = try await session.waitFor(prompt, after: seen, timeout: checkWait)
        let shown = String(session.screen.dropFirst(seen).prefix(end - seen))
        let start = try #require(shown.range(of: verdict), "no verdict:\n\(shown)")
        session.type("output\r")
        let afterOutput = try await session.waitFor(prompt, after: end)
        let output = String(session.screen.dropFirst(end).prefix(afterOutput - end))
        session.type("quit\r")
        #expect(try await session.waitForExit() == 0)
        return (String(shown[start.lowerBound...]), output)
    }

    @Test func manyCompileErrorsKeepTheVerdictAndTheFirstErrorsOnA24RowScreen() async throws {
        let (report, output) = try await Self.checkInTheShell("no-di.1", source: Self.manyErrors, verdict: "✗ no-di.1 does not compile yet.")
        #expect(Self.rows(report) <= 24, "\(Self.rows(report)) rows, so the verdict has scrolled away:\n\(report)")
        #expect(report.contains("SocialPresenter.swift:13:24: error: cannot find 'FacebokClient' in scope"), "not the first error:\n\(report)")
        let more = try #require(
            report.firstMatch(of: /…and (\d+) errors? more: 'output' shows them all\./).flatMap { Int($0.1) }, "no count of the rest:\n\(report)"
        )
        let shown = report.components(separatedBy: ": error: ").count - 1
        #expect(shown >= 2, "\(report)")
        #expect(report.contains("Fix your file ('edit'), then 'check' again."))
        #expect(output.components(separatedBy: ": error: ").count - 1 == shown + more, "'output' does not show every error:\n\(output)")
    }

    @Test func aFailedCheckWithWiringNotesKeepsItsVerdictOnA24RowScreen() async throws {
        let (report, output) = try await Self.checkInTheShell("no-di.2", source: Self.seamIgnored, verdict: "✗ no-di.2:")
        #expect(Self.rows(report) <= 24, "\(Self.rows(report)) rows, so the verdict has scrolled away:\n\(report)")
        #expect(report.contains("✗ the presenter posts through the client it is given"), "\(report)")
        #expect(report.contains("Wiring:"), "\(report)")
        #expect(report.contains("Fix your file ('edit'), then 'check' again."))
        // Both clients it builds itself are named in 'output', with every failed check.
        #expect(output.contains("creates TwitterClient() itself") && output.contains("creates FacebookClient() itself"), "\(output)")
        #expect(output.contains("✗ facebook needs no edit of the presenter"), "\(output)")
        #expect(output.contains("Your code printed, during the last check of no-di.2"), "\(output)")
    }

    /// `didojo check` on a terminal of 80×24 keeps the verdict on it and says how to see the
    /// rest; through a pipe it prints every error.
    @Test func didojoCheckKeepsTheVerdictOnATerminalAndPipesEveryError() async throws {
        let didojo = try Didojo()
        try Self.write(Self.manyErrors, for: "no-di.1", in: didojo)
        let piped = try await didojo.run(["check", "no-di.1"])
        #expect(piped.termination == .exited(1))
        let all = piped.standardOutput.components(separatedBy: ": error: ").count - 1
        #expect(all >= 8, "\(piped.standardOutput)")
        #expect(!piped.standardOutput.contains("errors more"), "\(piped.standardOutput)")

        var environment = didojo.environment
        environment["TERM"] = "xterm-256color"
        let session = try PseudoTerminalSession(
            executable: Didojo.executable, arguments: ["check", "no-di.1"], environment: environment, columns: 80, rows: 24
        )
        #expect(try await session.waitForExit(timeout: Self.checkWait) == 1)
        let screen = session.screen
        let verdict = try #require(screen.range(of: "✗ no-di.1 does not compile yet."), "no verdict:\n\(screen)")
        let report = String(screen[verdict.lowerBound...])
        // Its last, empty row is where the shell's prompt comes back.
        #expect(Self.rows(report) <= 24, "\(Self.rows(report)) rows, so the verdict has scrolled away:\n\(report)")
        let more = try #require(
            report.firstMatch(of: /…and (\d+) errors? more: 'didojo check no-di.1 --full-output' shows them all\./).flatMap { Int($0.1) },
            "no count of the rest:\n\(report)"
        )
        #expect(report.components(separatedBy: ": error: ").count - 1 + more == all)
    }
}
