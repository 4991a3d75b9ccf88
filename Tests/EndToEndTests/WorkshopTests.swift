import DojoTestSupport
import Foundation
import Testing

/// A workshop file as an instructor hands it out, tried with the real binary.
@Suite struct WorkshopTests {
    /// Two lessons, the second locked, with a time box, no solutions, and short checks.
    static let workshop = """
    title: DI, Friday morning
    check-timeout: 3
    solutions: never
    lessons:
      - id: constructor
        time-box: 45m
      - id: setter
        locked: true
        time-box: 20m
    """

    @Test func aWorkshopInTheWorkspaceShapesTheSession() async throws {
        let didojo = try Didojo()
        try FileManager.default.createDirectory(at: didojo.workspace, withIntermediateDirectories: true)
        try Self.workshop.write(to: didojo.workspace.appendingPathComponent("workshop.yaml"), atomically: true, encoding: .utf8)

        let result = try await didojo.run([], input: "lessons\nopen setter\nopen constructor\nsolution constructor.1\n")
        #expect(result.termination == .exited(0))
        // Long messages are wrapped to 80 columns with an indent; join them back for matching.
        let output = result.standardOutput.replacingOccurrences(of: "\n  ", with: " ")
        let listing = result.standardOutput
        #expect(listing.hasPrefix("Workshop: DI, Friday morning\n"))
        #expect(listing.contains("1. constructor — Constructor injection  (0/6 passed)  · 45 min\n"))
        #expect(listing.contains("2. setter — Setter injection  (0/3 passed)  · 🔒 after constructor · 20 min\n"))
        #expect(!output.contains("no-di"), "lessons outside the workshop are left out")
        #expect(output.contains("🔒 setter opens once you have passed every exercise of constructor (0 of 6 so far)."))
        #expect(output.contains("constructor · page 1 of 7"))
        #expect(output.contains("Solutions are not shown in this workshop ('DI, Friday morning')."))

        let list = try await didojo.run(["list", "--format", "json"])
        let lessons = try #require(try JSONSerialization.jsonObject(with: Data(list.standardOutput.utf8)) as? [[String: Any]])
        #expect(lessons.compactMap { $0["id"] as? String } == ["constructor", "setter"])
    }

    @Test func theWorkshopsCheckTimeoutStopsAnEndlessCheck() async throws {
        let didojo = try Didojo()
        let workshopFile = didojo.home.url.appendingPathComponent("class.yaml")
        try "check-timeout: 2\nlessons: [no-di]\n".write(to: workshopFile, atomically: true, encoding: .utf8)
        _ = try await didojo.run(["--workshop", workshopFile.path], input: "quit\n")
        try didojo.makeNoDI1LoopForever()

        let result = try await didojo.run(["check", "no-di.1", "--workshop", workshopFile.path])
        #expect(result.termination == .exited(1))
        #expect(result.standardOutput.contains("the checks took longer than 2 seconds and were stopped"))
    }

    @Test func aMistakeInTheWorkshopFileStopsStartUpWithOneClearMessage() async throws {
        let didojo = try Didojo()
        let workshopFile = didojo.home.url.appendingPathComponent("class.yaml")
        try "lessons:\n  - no-di\nsolutions: sometimes\n".write(to: workshopFile, atomically: true, encoding: .utf8)
        let result = try await didojo.run(["--workshop", workshopFile.path], input: "lessons\n")
        #expect(result.termination == .exited(2))
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError.replacingOccurrences(of: "\n", with: " ").contains(
            "The workshop file \(workshopFile.path), line 3: 'solutions' is 'sometimes', which is not one of the choices. Allowed: after-pass, never, always."
        ))
    }
}
