import DojoTestSupport
import Foundation
import Testing

/// The subcommands under a workshop, through the real binary: `list` shows locks and time
/// boxes, a lesson left out is named as such, and `--version` answers.
@Suite struct WorkshopSubcommandTests {
    func workshop(in didojo: Didojo) throws -> URL {
        let file = didojo.home.url.appendingPathComponent("friday.yaml")
        try """
            title: Friday
            lessons:
              - no-di
              - id: constructor
                locked: true
                time-box: 45m
            """.write(to: file, atomically: true, encoding: .utf8)
        return file
    }

    @Test func listShowsLocksTimeBoxesAndWhetherEachFileIsThereYet() async throws {
        let didojo = try Didojo()
        let file = try workshop(in: didojo)
        let text = try await didojo.run(["list", "--workshop", file.path])
        #expect(text.standardOutput.contains("constructor  Constructor injection  🔒 after no-di  · 45 min\n"), "\(text.standardOutput)")
        let json = try await didojo.run(["list", "--workshop", file.path, "--format", "json"])
        let lessons = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [[String: Any]])
        #expect(lessons.map { $0["lockedAfter"] as? String } == [nil, "no-di"])
        #expect(lessons.map { $0["timeBoxMinutes"] as? Int } == [nil, 45])
        let exercises = try #require(lessons.first?["exercises"] as? [[String: Any]])
        #expect(exercises.allSatisfy { $0["exists"] as? Bool == false }, "list only reads: nothing is made yet")
        _ = try await didojo.run(["check", "no-di.1", "--workshop", file.path])
        let after = try await didojo.run(["list", "--workshop", file.path, "--format", "json"])
        #expect(after.standardOutput.contains("\"exists\" : true"))
    }

    @Test func aLessonLeftOutOfTheWorkshopIsNamedAsSuch() async throws {
        let didojo = try Didojo()
        let file = try workshop(in: didojo)
        let verify = try await didojo.run(["verify", "--lesson", "viper-router", "--workshop", file.path])
        #expect(verify.termination == .exited(2))
        #expect(verify.standardError.contains("viper-router is not in this workshop ('Friday'), which has the lessons no-di, constructor."), "\(verify.standardError)")
        let check = try await didojo.run(["check", "cake.1", "--workshop", file.path])
        #expect(check.standardError.contains("cake.1 is not in this workshop ('Friday')"))
        let typo = try await didojo.run(["verify", "--lesson", "no-dj", "--workshop", file.path])
        #expect(typo.standardError.contains("There is no lesson 'no-dj'. Did you mean 'no-di'?"))
    }

    @Test func versionIsPrinted() async throws {
        let result = try await Didojo().run(["--version"])
        #expect(result.termination == .exited(0))
        #expect(result.standardOutput.range(of: #"^didojo \d{4}\.\d{2}\.\d{2}\n$"#, options: .regularExpression) != nil, "\(result.standardOutput)")
    }
}
