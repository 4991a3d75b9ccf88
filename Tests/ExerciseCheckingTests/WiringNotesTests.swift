import DojoGrading
import DojoTestSupport
@testable import ExerciseChecking
import Foundation
import Testing
import WiringAnalysis
import WiringModel

/// A failed check shows what the wiring analysis found on the lines involved, or of the kind
/// the exercise is about (`CheckReport.wiringNotes`), checked by the real checker on the real
/// lessons' starters and catalogued mistakes, with the vocabulary `didojo` learns.
@Suite(.serialized) struct WiringNotesTests {
    let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder("wiring-notes")
    }

    /// A file of a real exercise (`starter.swift`, `mistakes/<id>.swift`) checked as the learner's.
    func check(_ id: String, file: String) async throws -> (report: CheckReport, learnerFile: String) {
        let exercise = try #require(RealChecker.repositoryLessons.exercise(id: id))
        let text = try String(contentsOf: exercise.starter.deletingLastPathComponent().appendingPathComponent(file), encoding: .utf8)
        return try await check(id, text: text)
    }

    func check(_ id: String, text: String) async throws -> (report: CheckReport, learnerFile: String) {
        let exercise = try #require(RealChecker.repositoryLessons.exercise(id: id))
        let report = try await RealChecker.check(text, as: exercise, in: folder.url)
        return (report, folder.url.appendingPathComponent("learner/\(exercise.fileName)").path)
    }

    /// What a note is about: `kind@line`.
    static func summary(_ notes: [WiringFinding]) -> [String] {
        notes.map { "\($0.kind.id)@\($0.line)" }
    }

    struct Fault: Sendable, CustomTestStringConvertible {
        let exercise: String
        let file: String
        let notes: [String]
        var testDescription: String { "\(exercise) \(file)" }
    }

    /// The starters with a structural fault (the analysis library's own tests list them), and
    /// a Cake default from the catalogues of mistakes.
    static let faults = [
        Fault(exercise: "no-di.2", file: "starter.swift", notes: ["hard-wired-dependency@8"]),
        Fault(exercise: "no-di.3", file: "starter.swift", notes: ["hard-wired-dependency@9"]),
        Fault(exercise: "constructor.1", file: "starter.swift", notes: ["hard-wired-dependency@10"]),
        Fault(exercise: "constructor.2", file: "starter.swift", notes: ["hard-wired-dependency@9"]),
        Fault(exercise: "setter.1", file: "starter.swift", notes: ["setter-with-silent-fallback@25", "setter-with-silent-fallback@31"]),
        Fault(exercise: "viper-router.2", file: "starter.swift", notes: ["strong-back-reference@8", "hard-wired-dependency@18"]),
        Fault(exercise: "cake.3", file: "mistakes/protocol-extension-default.swift", notes: ["cake-default@15"]),
        Fault(exercise: "cake.2", file: "mistakes/protocol-extension-default-clock.swift", notes: ["cake-default@7"]),
    ]

    @Test(arguments: faults)
    func aFailedCheckShowsTheStructuralFaultItIsAbout(_ fault: Fault) async throws {
        let (report, learnerFile) = try await check(fault.exercise, file: fault.file)
        #expect(!report.passed)
        #expect(Self.summary(report.wiringNotes) == fault.notes)
        #expect(report.wiringNotes.allSatisfy { $0.file == learnerFile })
        #expect(report.wiringNotes.allSatisfy { $0.message.contains("looks like") })
    }

    @Test func anExerciseThatKeepsItsHardWiringOnPurposeDoesNotNagAboutIt() async throws {
        // no-di.1 asks for a second client built inside the presenter: its solution hard-wires too.
        let (report, _) = try await check("no-di.1", file: "starter.swift")
        #expect(report.outcome == .checksFailed)
        #expect(report.wiringNotes.isEmpty)
    }

    @Test func aFacebookClientBuiltInShareIsWhatLesson1AsksForAndIsNotScolded() async throws {
        // The task: "it has to build a `FacebookClient` itself". The solution does it in
        // `init`; a learner who does it in `share`, with a check still failing, is not told
        // that it "looks like a hard-wired dependency".
        let exercise = try #require(RealChecker.repositoryLessons.exercise(id: "no-di.1"))
        var lines = try String(contentsOf: exercise.starter, encoding: .utf8).components(separatedBy: "\n")
        #expect(lines[19] == "        try client.post(stamped(text))")
        lines[19] = "        try (network == .facebook ? FacebookClient() as any SocialPostOutput : client).post(stamped(text))"
        let (report, _) = try await check("no-di.1", text: lines.joined(separator: "\n"))
        #expect(report.outcome == .checksFailed, "the picture still goes to Twitter")
        #expect(report.wiringNotes.isEmpty, "\(Self.summary(report.wiringNotes))")
    }

    @Test func aPresenterThatAlwaysPostsToFacebookIsNotToldItKeepsAStaticNetwork() async throws {
        let (report, _) = try await check("no-di.1", file: "mistakes/always-facebook.swift")
        let messages = report.checks.flatMap(\.failures).map(\.description).joined(separator: "\n")
        #expect(messages.contains("should both post to Twitter"))
        #expect(messages.contains("before any Facebook presenter had been made"))
        #expect(!messages.contains("static or global"), "nothing here is static: \(messages)")
        let (global, _) = try await check("no-di.1", file: "mistakes/network-in-a-global.swift")
        #expect(global.checks.flatMap(\.failures).contains { $0.description.contains("Is the network kept in a static or global variable?") })
    }

    @Test func aCompileErrorOnAHardWiringTheExerciseAsksForShowsNoNote() async throws {
        // no-di.1's solution keeps `client = TwitterClient()` too: a note advising to inject it
        // would contradict the exercise, whatever line failed.
        let exercise = try #require(RealChecker.repositoryLessons.exercise(id: "no-di.1"))
        var lines = try String(contentsOf: exercise.starter, encoding: .utf8).components(separatedBy: "\n")
        #expect(lines[8] == "    private let client = TwitterClient()")
        lines[8] = "    private let client: Int = TwitterClient()"
        let (report, _) = try await check("no-di.1", text: lines.joined(separator: "\n"))
        #expect(report.outcome == .compileFailed)
        #expect(report.diagnostics.contains { $0.line == 9 })
        #expect(report.wiringNotes.isEmpty)
    }

    @Test func aCompileErrorOnAHardWiringTheExerciseIsAboutShowsTheFinding() async throws {
        let exercise = try #require(RealChecker.repositoryLessons.exercise(id: "constructor.1"))
        var lines = try String(contentsOf: exercise.starter, encoding: .utf8).components(separatedBy: "\n")
        #expect(lines[9] == "    private let client = TwitterClient()")
        lines[9] = "    private let client: Int = TwitterClient()"
        let (report, _) = try await check("constructor.1", text: lines.joined(separator: "\n"))
        #expect(report.outcome == .compileFailed)
        #expect(Self.summary(report.wiringNotes) == ["hard-wired-dependency@10"])
    }

    @Test func aCrashOnALineWithAFindingShowsTheFinding() async throws {
        // A logger no solution of lesson 1 builds: not what the exercise asks for.
        let exercise = try #require(RealChecker.repositoryLessons.exercise(id: "no-di.1"))
        var lines = try String(contentsOf: exercise.starter, encoding: .utf8).components(separatedBy: "\n")
        #expect(lines[19] == "        try client.post(stamped(text))")
        lines[19] = "        fatalError(\"not yet: \\(PrintLogger())\")"
        let (report, _) = try await check("no-di.1", text: lines.joined(separator: "\n"))
        guard case .crashed(let crash) = report.outcome else {
            Issue.record("expected a crash, got \(report.outcome)")
            return
        }
        #expect(crash.location?.line == 20)
        #expect(Self.summary(report.wiringNotes) == ["hard-wired-dependency@20"])
    }

    @Test func aPassNeverShowsNotesAndAFindingAloneFailsNothing() async throws {
        // The solution of no-di.1 hard-wires its clients (the lesson's point), and setter.1's
        // keeps the starter's `SystemClock()` default, a Foreign Default the exercise is not
        // about: both pass, with nothing to say.
        for id in ["no-di.1", "setter.1"] {
            let (report, _) = try await check(id, file: "solution.swift")
            #expect(report.passed, "\(id)")
            #expect(report.wiringNotes.isEmpty, "\(id)")
        }
    }

    // MARK: Which findings a report shows, on canned reports

    static let learner = URL(fileURLWithPath: "/ws/no-di/1/SocialPresenter.swift")

    static func finding(_ kind: WiringFinding.Kind, line: Int, type: String = "SocialPresenter", target: String? = "TwitterClient") -> WiringFinding {
        WiringFinding(kind: kind, file: learner.path, line: line, type: type, member: "client", target: target, message: "looks like \(kind.id)")
    }

    static let wiring = WiringCheck(
        results: [],
        findings: [finding(.hardWiredDependency, line: 4), finding(.foreignDefault, line: 9), finding(.serviceLocator, line: 12, target: nil)],
        about: [WiringCheck.FindingIdentity(finding(.foreignDefault, line: 1))],
        // The solution has all three kinds (as the lesson's own code may), about other
        // targets but the service locator: none is shown for that alone.
        solutionFindings: Set([
            finding(.hardWiredDependency, line: 1, target: "FacebookClient"), finding(.foreignDefault, line: 1, target: "FacebookClient"),
            finding(.serviceLocator, line: 1, target: nil),
        ].map(WiringCheck.FindingIdentity.init)),
        rules: [WiringRule(kind: .noContainerResolveOutside, inside: ["AppAssembly"])]
    )

    @Test func theNotesAreWhatARuleConcernsWhatTheExerciseIsAboutAndWhatItDoesNotAskFor() {
        let failure = CheckFailure(description: "XCTAssertTrue failed - it went wrong", file: Self.learner.path, line: 4)
        let elsewhere = CheckFailure(description: "XCTAssertTrue failed - in the checks", file: "/lessons/Checks.swift", line: 9)
        let report = CheckReport(exerciseID: "no-di.1", outcome: .checksFailed, checks: [
            CheckResult(name: "testOne", testCase: "C", failures: [failure]),
            CheckResult(name: "testTwo", testCase: "C", failures: [elsewhere]),
        ])
        // The solution hard-wires another client; the foreign default is what the exercise is
        // about; a rule concerns the service locator, which the solution has too.
        #expect(Self.summary(Self.wiring.notes(for: report, learnerFile: Self.learner)) == [
            "hard-wired-dependency@4", "foreign-default@9", "service-locator@12",
        ])
    }

    @Test func aFindingTheSolutionSharesIsLeftOutWhateverLineFailed() {
        let quiet = WiringCheck(
            results: [], findings: [Self.finding(.hardWiredDependency, line: 4)], about: [],
            solutionFindings: [WiringCheck.FindingIdentity(Self.finding(.hardWiredDependency, line: 7))], rules: []
        )
        let failed = CheckReport(exerciseID: "no-di.1", outcome: .checksFailed, checks: [
            CheckResult(name: "testOne", testCase: "C", failures: [CheckFailure(description: "failed", file: Self.learner.path, line: 5)]),
        ])
        #expect(quiet.notes(for: failed, learnerFile: Self.learner).isEmpty)
        let compileError = CheckReport(exerciseID: "no-di.1", outcome: .compileFailed, diagnostics: [
            CompilerDiagnostic(file: Self.learner.path, line: 4, column: 3, severity: .error, message: "cannot convert"),
        ])
        #expect(quiet.notes(for: compileError, learnerFile: Self.learner).isEmpty, "a compile error on its line changes nothing")
    }

    @Test func aFindingTheSolutionDoesNotHaveIsShownWhereverTheCheckFailed() {
        let brought = WiringCheck(results: [], findings: [Self.finding(.hardWiredDependency, line: 25, target: "PrintLogger")], about: [], solutionFindings: [], rules: [])
        let failed = CheckReport(exerciseID: "cake.1", outcome: .checksFailed, checks: [
            CheckResult(name: "testOne", testCase: "C", failures: [CheckFailure(description: "failed", file: "/lessons/Checks.swift", line: 5)]),
        ])
        #expect(Self.summary(brought.notes(for: failed, learnerFile: Self.learner)) == ["hard-wired-dependency@25"])
    }

    @Test func aFindingTheExerciseAsksForIsLeftOutEvenOnAFailingLine() {
        // The solution hard-wires TwitterClient in SocialPresenter too, in another member.
        let asked = WiringCheck(
            results: [], findings: [Self.finding(.hardWiredDependency, line: 4)], about: [],
            solutionFindings: [WiringCheck.FindingIdentity(WiringFinding(
                kind: .hardWiredDependency, file: "/lessons/solution.swift", line: 12, type: "SocialPresenter", member: "init(network:)",
                target: "TwitterClient", message: ""
            ))],
            rules: []
        )
        let failedThere = CheckReport(exerciseID: "no-di.1", outcome: .checksFailed, checks: [
            CheckResult(name: "testOne", testCase: "C", failures: [CheckFailure(description: "failed", file: Self.learner.path, line: 4)]),
        ])
        #expect(asked.notes(for: failedThere, learnerFile: Self.learner).isEmpty)
    }

    @Test func aCakeServiceThatMakesItsOwnLoggerIsNamedInTheFailedCheck() async throws {
        let (report, _) = try await check("cake.1", file: "mistakes/creates-own-logger.swift")
        #expect(!report.passed)
        #expect(Self.summary(report.wiringNotes) == ["hard-wired-dependency@25"])
    }

    @Test func aPassedOrCancelledCheckHasNoNotes() {
        for outcome in [CheckReport.Outcome.passed, .cancelled] {
            #expect(Self.wiring.notes(for: CheckReport(exerciseID: "no-di.1", outcome: outcome), learnerFile: Self.learner).isEmpty)
        }
    }
}
