import DojoCatalog
import DojoCore
import DojoGrading
@testable import DojoShell
import DojoTestSupport
import Foundation
import Testing

/// How a crash reads in the terminal: the place in the learner's file with its source line,
/// and never a raw address. The first test runs a real crash through the real checker.
@MainActor
@Suite struct CheckReportViewCrashTests {
    let exercise: Exercise

    init() throws {
        let catalog = LessonCatalog.load(from: Didojo.lessonsFolder, fileSystem: LocalFileSystem())
        exercise = try #require(catalog.exercise(id: "no-di.1"))
    }

    func shown(_ report: CheckReport, learnerFile: URL) -> String {
        let terminal = FakeTerminal()
        CheckReportView(printer: Printer(terminal: terminal), fileSystem: LocalFileSystem()).show(report, exercise: exercise, learnerFile: learnerFile)
        return terminal.output
    }

    @Test func aRealCrashShowsTheLearnersLineAndNoAddress() async throws {
        let folder = try TemporaryFolder("crash-view")
        defer { folder.remove() }
        let source = """
            import Domain

            final class SocialPresenter {
                private let clients: [SocialNetwork: any SocialPostOutput] = [.twitter: TwitterClient()]
                private let network: SocialNetwork

                init(network: SocialNetwork = .twitter) {
                    self.network = network
                }

                func share(_ text: String) throws {
                    try clients[network]!.post(text)
                }

                func share(_ text: String, image: Image) throws {
                    try clients[network]!.post(text, image: image)
                }
            }

            """
        let file = folder.url.appendingPathComponent("learner/SocialPresenter.swift")
        try LocalFileSystem().write(source, to: file)
        let report = try await RealChecker.make(scratch: folder.url.appendingPathComponent("scratch")).check(exercise, source: file)

        let text = shown(report, learnerFile: file)
        #expect(text.contains("Fatal error: Unexpectedly found nil while unwrapping an Optional value"))
        #expect(text.contains("Crashed at SocialPresenter.swift:12 in SocialPresenter.share(_:)"), "\(text)")
        #expect(text.contains("    12 |         try clients[network]!.post(text)"))
        #expect(!text.contains("0x"), "a raw address was shown:\n\(text)")
    }

    @Test func theCallsThatLedToTheCrashFollowItsPlace() {
        let file = "/ws/no-di/1/SocialPresenter.swift"
        let crash = CrashInfo(
            checkName: "posts keep their time stamp", signal: "crashed (illegal instruction / trap) (SIGILL)",
            message: "Fatal error: boom",
            frames: [
                CrashFrame(file: file, line: 20, column: 9, function: "SocialPresenter.stamped(_:)"),
                CrashFrame(file: file, line: 12, column: 13, function: "SocialPresenter.share(_:)"),
            ]
        )
        let text = shown(CheckReport(exerciseID: "no-di.1", outcome: .crashed(crash)), learnerFile: URL(fileURLWithPath: file))
        #expect(text.contains("✗ no-di.1: your code crashed (illegal instruction / trap) (SIGILL) while checking 'posts keep their time stamp'."))
        #expect(text.contains("    Crashed at SocialPresenter.swift:20 in SocialPresenter.stamped(_:)\n    called from SocialPresenter.swift:12 in SocialPresenter.share(_:)\n"))
    }

    @Test func aStackOverflowIsNamedEvenWhereItsPlaceIsUnknown() {
        let crash = CrashInfo(checkName: "doubles two", signal: "segmentation fault (SIGSEGV)", message: nil, stackOverflow: true)
        let text = shown(CheckReport(exerciseID: "no-di.1", outcome: .crashed(crash)), learnerFile: URL(fileURLWithPath: "/ws/a.swift"))
        #expect(text.contains("The stack overflowed: a function kept calling itself"))
        #expect(text.contains("Which function it was could not be read this time"))
        #expect(!text.contains("Crashed at"))
    }

    @Test func anEarlyExitIsNotCalledACrash() {
        let crash = CrashInfo(checkName: "doubles two", signal: "ended early with exit status 0", message: nil, exitStatus: 0)
        let text = shown(CheckReport(exerciseID: "no-di.1", outcome: .crashed(crash)), learnerFile: URL(fileURLWithPath: "/ws/a.swift"))
        #expect(text.contains("✗ no-di.1: your code ended early with exit status 0 while checking 'doubles two', before the checks had finished."))
        #expect(text.contains("a call to `exit()` does that"))
        #expect(!text.contains("force-unwrapping"), "an exit is not explained as a crash")
    }
}
