import Testing
import WiringAnalysis

/// Lesson 4: the Minimal Cake Pattern, its mix-in classes, and the protocol-extension trap.
@Suite struct CakeLessonTests {
    func exercise(_ number: Int) -> LessonExercise { LessonExercise(lesson: "04-cake", number: number) }

    @Test func exercise1sServiceNeedsItsClockAndLoggerThroughUsesProtocols() throws {
        for file in [try exercise(1).starter, try exercise(1).solution] {
            let report = exercise(1).analyze(file)
            #expect(report.findings.isEmpty, "\(file.path)")
            let cake = report.graph.edges.filter { $0.site == .cakeRequirement }
            #expect(cake.map { "\($0.from) → \($0.to) \($0.member ?? "")" } == [
                "ReadFileService → Clock clock", "ReadFileService → Logger logger",
            ], "\(file.path)")
        }
    }

    @Test func exercise2sTestCompositionIsAMixInRoot() throws {
        let subject = try exercise(2).extra("subject")
        let starter = exercise(2).analyze(try exercise(2).starter, with: subject)
        #expect(starter.findings.isEmpty)
        #expect(starter.roots == ["MixInReadFileServiceTest (cakeMixIn)", "ReadFileServiceTests (test)"])

        let solution = exercise(2).analyze(try exercise(2).solution, with: subject)
        #expect(solution.findings.isEmpty)
        #expect(solution.roots == ["MixInReadFileServiceTest (cakeMixIn)", "ReadFileServiceTests (test)"])
        #expect(solution.edges(.creates).isSuperset(of: ["MixInReadFileServiceTest → FixedClock", "MixInReadFileServiceTest → RecordingLogger"]))
    }

    @Test func starter3MixesInNoFileStoreYet() throws {
        let report = exercise(3).analyze(try exercise(3).starter, with: try exercise(3).extra("support"))
        #expect(report.findings.isEmpty)
        #expect(report.roots == ["MixInReadFileService (cakeMixIn)"])
        #expect(report.edges(.creates) == ["MixInReadFileService → SystemClock", "MixInReadFileService → PrintLogger", "ReadFileService → DatedText"])
        #expect(!report.edges(.dependsOn).contains("ReadFileService → FileStore"))
    }

    @Test func solution3MixesInTheDiskThroughUsesFileStore() throws {
        let report = exercise(3).analyze(try exercise(3).solution, with: try exercise(3).extra("support"))
        #expect(report.findings.isEmpty)
        #expect(report.roots == ["MixInReadFileService (cakeMixIn)"])
        #expect(report.graph.edges.contains { $0.from == "UsesFileStore" && $0.to == "FileStore" && $0.site == .protocolRequirement })
        #expect(report.graph.edges.contains {
            $0.from == "ReadFileService" && $0.to == "FileStore" && $0.site == .cakeRequirement && $0.member == "fileStore"
        })
        #expect(report.edges(.creates).contains("MixInReadFileService → DiskFileStore"))
        #expect(report.graph.node(named: "DiskFileStore")?.isVolatile == true)
    }

    @Test func aProtocolExtensionDefaultForTheFileStoreIsACakeDefault() throws {
        // The trap of the page "What it costs", on exercise 3's solution.
        let solution = try exercise(3).solution
        let lineCount = solution.text.split(separator: "\n", omittingEmptySubsequences: false).count
        let mistake = SourceFile(path: solution.path, text: solution.text + """

        extension UsesFileStore {
            var fileStore: any FileStore { DiskFileStore() }
        }
        """)
        let report = exercise(3).analyze(mistake, with: try exercise(3).extra("support"))
        #expect(report.summaries() == [
            FindingSummary("cake-default", line: lineCount + 2, type: "UsesFileStore", member: "fileStore", target: "DiskFileStore"),
        ])
    }
}
