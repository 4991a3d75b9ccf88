import DojoTestSupport
@testable import ExerciseChecking
import Foundation
import Testing

/// A learner's file may not declare a name the checks rely on from elsewhere: the checks would
/// call the learner's version, and a wrong answer could pass (issue 18).
@Suite struct ShadowingAuditTests {
    static let checks = """
        import XCTest
        import Domain

        final class StampChecks: XCTestCase {
            func testStamp() throws {
                let presenter = SocialPresenter(client: TextRecordingClient(), clock: try FixedClock(day: "2016-06-18"))
                XCTAssertEqual(Date(timeIntervalSince1970: 0).utcStamp, "1970-01-01 00:00 UTC")
                _ = presenter
            }
        }
        """
    static let solution = """
        import Domain
        final class SocialPresenter {
            init(client: any SocialPostOutput, clock: any Clock) {}
            func share(_ text: String) {}
        }
        extension SocialPresenter {
            func stamped(_ text: String) -> String { text }
        }
        """
    let audit = ShadowingAudit(checks: [Self.checks], solution: Self.solution)

    func findings(_ learner: String) -> [String] {
        audit.findings(inLearnerSource: learner, path: "/ws/SocialPresenter.swift").map { "\($0.line): \($0.message)" }
    }

    @Test func aTypeOfTheDomainDeclaredAgainIsFoundAtItsLine() {
        let found = findings("""
            import Domain
            struct FixedClock: Clock {
                init(day: String) throws {}
                func now() -> Date { Date() }
            }
            """)
        #expect(found == ["2: Your file declares 'FixedClock' (from Domain), a name the checks use: the checks would call yours instead of the real one. Give yours another name, or leave it out"])
    }

    @Test func aMemberAddedToAnotherModulesTypeThatTheChecksUseIsFound() {
        let found = findings("""
            import Foundation
            extension Date {
                var utcStamp: String { "always right" }
            }
            """)
        #expect(found.count == 1)
        #expect(found.first?.hasPrefix("3: Your extension of 'Date' (from Foundation) declares 'utcStamp'") == true)
    }

    @Test func theTasksOwnNamesAndNamesTheChecksDoNotUseAreTheLearnersBusiness() {
        #expect(findings(Self.solution).isEmpty, "the solution's own declarations")
        #expect(findings("""
            import Domain
            final class SocialPresenter {
                init(client: any SocialPostOutput, clock: any Clock) {}
                func share(_ text: String) {}
                private func helper() -> Int { 1 }
            }
            struct MyOwnClock: Clock { func now() -> Date { Date() } }
            extension Date { var shortStamp: String { "" } }
            """).isEmpty, "helpers the checks never name")
    }

    @Test func aNameTheChecksDeclareThemselvesIsTheirs() {
        // `TextRecordingClient` would be the checks' own in a real checks file; here it is not
        // declared by the checks, so a learner's is found. Declared by the checks, it is left.
        let own = ShadowingAudit(checks: [Self.checks + "\nfinal class TextRecordingClient {}\n"], solution: Self.solution)
        #expect(own.findings(inLearnerSource: "final class TextRecordingClient {}\n", path: "/ws/x.swift").isEmpty)
        #expect(findings("final class TextRecordingClient {}\n").count == 1)
    }

    @Test func declarationsInsideIfConfigBlocksAreSeenToo() {
        #expect(findings("""
            #if DEBUG
            struct FixedClock {}
            #else
            struct Other {}
            #endif
            """).count == 1)
    }

    @Test func aPassThatLeansOnADeclaredNameIsRejectedByTheRealChecker() async throws {
        // no-di.3's solution, plus a copy of the Domain's `utcStamp` of the learner's own: the
        // checks pass, but they called the learner's stamp, so the pass cannot be trusted.
        let folder = try TemporaryFolder("shadowing")
        let exercise = try #require(RealChecker.repositoryLessons.exercise(id: "no-di.3"))
        let learner = folder.url.appendingPathComponent(exercise.fileName)
        let solution = try String(contentsOf: exercise.solution, encoding: .utf8)
        try ("import Foundation\n" + solution + """

            extension Date {
                var utcStamp: String {
                    let formatter = DateFormatter()
                    formatter.dateFormat = "yyyy-MM-dd HH:mm 'UTC'"
                    formatter.timeZone = TimeZone(identifier: "UTC")
                    return formatter.string(from: self)
                }
            }
            """).write(to: learner, atomically: true, encoding: .utf8)
        let report = try await RealChecker.make(scratch: folder.url.appendingPathComponent("scratch")).check(exercise, source: learner)
        #expect(report.outcome == .compileFailed)
        let written = try String(contentsOf: learner, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        let line = try #require(written.firstIndex { $0.contains("var utcStamp") }) + 1
        #expect(report.diagnostics.map(\.line) == [line])
        #expect(report.diagnostics.first?.message.hasPrefix("Your extension of 'Date'") == true, "\(report.diagnostics.map(\.message))")
        #expect(report.diagnostics.first?.message.contains("declares 'utcStamp', a name the checks use") == true)
    }
}
