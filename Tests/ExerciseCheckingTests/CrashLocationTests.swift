import DojoCatalog
import DojoCore
import DojoGrading
import DojoTestSupport
import ExerciseChecking
import Foundation
import Testing

/// Crashes in the learner's code, run by the real checker: each must be reported with the
/// runtime's message, the learner's own file, line and function, and no raw address anywhere.
@Suite(.serialized) struct CrashLocationTests {
    /// One way to crash, written into `share(_:)` of an attempt at no-di.1.
    struct Crash: Sendable, CustomTestStringConvertible {
        let name: String
        /// Declarations the crashing line needs, in the class.
        let setUp: String
        /// The line that crashes, in `share(_:)`.
        let crashingLine: String
        /// The runtime's words for it, nil when it has none (a stack overflow is a signal).
        let message: String?

        var testDescription: String { name }
    }

    static let crashes = [
        Crash(
            name: "force-unwrapped nil", setUp: "private let clients: [SocialNetwork: any SocialPostOutput] = [.twitter: TwitterClient()]",
            crashingLine: "try clients[.facebook]!.post(text)", message: "Fatal error: Unexpectedly found nil while unwrapping an Optional value"
        ),
        Crash(name: "fatalError", setUp: "", crashingLine: "fatalError(\"TODO: post \\(text)\")", message: "Fatal error: TODO: post Hello"),
        Crash(
            name: "index out of range", setUp: "private let clients: [any SocialPostOutput] = [TwitterClient()]",
            crashingLine: "try clients[1].post(text)", message: "Fatal error: Index out of range"
        ),
        Crash(
            name: "precondition", setUp: "", crashingLine: "precondition(text.isEmpty, \"nothing may be shared yet\")",
            message: "Precondition failed: nothing may be shared yet"
        ),
    ]

    /// An attempt at no-di.1 whose `share(_:)` runs `crashingLine`; the line numbers are those
    /// of this text.
    static func attempt(setUp: String, share body: String) -> String {
        """
        import Domain

        final class SocialPresenter {
            private let network: SocialNetwork
            \(setUp)

            init(network: SocialNetwork = .twitter) {
                self.network = network
            }

            func share(_ text: String) throws {
                \(body)
            }

            func share(_ text: String, image: Image) throws {
                try share(text)
            }
        }

        """
    }

    func check(_ source: String) async throws -> (report: CheckReport, crash: CrashInfo) {
        let catalog = LessonCatalog.load(from: Didojo.lessonsFolder, fileSystem: LocalFileSystem())
        let exercise = try #require(catalog.exercise(id: "no-di.1"))
        let folder = try TemporaryFolder("crash-location")
        defer { folder.remove() }
        let file = folder.url.appendingPathComponent("learner/\(exercise.fileName)")
        try LocalFileSystem().write(source, to: file)
        let report = try await RealChecker.make(scratch: folder.url.appendingPathComponent("scratch")).check(exercise, source: file)
        guard case .crashed(let crash) = report.outcome else {
            Issue.record("expected a crash, got \(report.outcome): \(report.output)")
            throw CancellationError()
        }
        return (report, crash)
    }

    /// Everything the report holds in words: no raw address may be among it.
    func words(of report: CheckReport, _ crash: CrashInfo) -> String {
        ([report.output, crash.signal, crash.message ?? "", crash.checkName ?? ""] + crash.frames.map { "\($0.place) \($0.function)" })
            .joined(separator: "\n")
    }

    @Test(arguments: crashes)
    func aCrashIsPlacedAtTheLearnersLineAndFunction(_ kind: Crash) async throws {
        let source = Self.attempt(setUp: kind.setUp, share: kind.crashingLine)
        let (report, crash) = try await check(source)

        let line = try #require(source.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains(kind.crashingLine) }) + 1
        let location = try #require(crash.location, "no location for a \(kind.name): \(crash)")
        #expect(location.place == "SocialPresenter.swift:\(line)")
        #expect(location.function == "SocialPresenter.share(_:)")
        #expect(crash.message == kind.message)
        #expect(crash.checkName != nil, "the check that was running is named")
        // Only the learner's own calls: the runtime's and the checks' frames are left out.
        #expect(crash.frames.allSatisfy { $0.file.hasSuffix("/learner/SocialPresenter.swift") })
        #expect(!words(of: report, crash).contains("0x"), "a raw address reached the learner:\n\(words(of: report, crash))")
    }

    @Test func aStackOverflowIsPlacedInTheFunctionThatCallsItself() async throws {
        let source = Self.attempt(setUp: "", share: "try share(text)")
        let (report, crash) = try await check(source)

        let declaration = try #require(source.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("func share(_ text: String)") }) + 1
        #expect(crash.stackOverflow)
        #expect(crash.signal.contains("SIGSEGV"))
        let location = try #require(crash.location, "no location for a stack overflow: \(crash)")
        #expect(location.function == "SocialPresenter.share(_:)")
        // The overflow is found on entering the function (its line) or at the call in it.
        #expect([declaration, declaration + 1].contains(location.line), "placed at line \(location.line)")
        // Tens of thousands of frames, but each of the learner's calls is listed once.
        #expect(crash.frames.count <= 2)
        #expect(!words(of: report, crash).contains("0x"))
    }

    /// When each call also allocates, the stack often runs out inside the C library's
    /// allocator, which keeps no frame pointers: the backtracer then cannot get back to the
    /// learner's frames. The overflow is still named as one, and nothing wrong is shown.
    @Test func aStackOverflowInTheAllocatorIsStillNamedAndShowsNoAddress() async throws {
        // A new array each call: a heap allocation, of the same size at every depth.
        let (report, crash) = try await check(Self.attempt(setUp: "", share: "try share([text][0])"))
        #expect(crash.stackOverflow)
        #expect(crash.frames.allSatisfy { $0.function == "SocialPresenter.share(_:)" })
        #expect(!words(of: report, crash).contains("0x"))
    }

    @Test func exitingEarlyIsNotACrashAndHasNoPlace() async throws {
        let source = Self.attempt(setUp: "", share: "exit(0)").replacingOccurrences(of: "import Domain\n", with: "import Domain\nimport Foundation\n")
        let (report, crash) = try await check(source)
        #expect(crash.exitStatus == 0)
        #expect(crash.frames.isEmpty)
        #expect(!words(of: report, crash).contains("0x"))
    }
}
