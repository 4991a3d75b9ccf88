import Testing
import WiringAnalysis

/// The lesson modules under `Sources/`, analysed whole as `graph <lesson>` would draw them: only
/// the anti-patterns their lessons show on purpose are found, and their composition roots are.
@Suite struct LessonModuleTests {
    func analyze(_ lesson: String) throws -> WiringReport {
        let module = try #require(LessonVocabulary.modules[lesson])
        let files = try Repository.swiftFiles(in: Repository.sources.appendingPathComponent(module), label: module)
        return WiringAnalyzer(vocabulary: LessonVocabulary.of(LessonExercise(lesson: lesson, number: 1))).analyze(files)
    }

    @Test func theNoDIPresenterIsHardWiredOnPurpose() throws {
        let report = try analyze("01-no-di")
        #expect(report.summaries() == [
            FindingSummary("hard-wired-dependency", line: 8, type: "SocialPresenter", member: "client", target: "TwitterClient"),
            FindingSummary("hard-wired-dependency", line: 9, type: "SocialPresenter", member: "clock", target: "SystemClock"),
        ])
        #expect(report.findings.allSatisfy { $0.file == "NoDI/SocialPresenter.swift" })
    }

    @Test func theSetterPresenterSkipsPostsInSilenceOnPurpose() throws {
        // Page 1 of the setter lesson shows `try output?.post(…)`; the drafting presenter does not.
        // Both keep a `SystemClock()` default, which page 2 calls a Foreign Default.
        let report = try analyze("03-setter")
        #expect(Set(report.summaries()) == [
            FindingSummary("foreign-default", line: 14, type: "DraftingSocialPresenter", member: "clock", target: "SystemClock"),
            FindingSummary("foreign-default", line: 18, type: "SocialPresenter", member: "clock", target: "SystemClock"),
            FindingSummary("setter-with-silent-fallback", line: 26, type: "SocialPresenter", member: "output", target: "SocialPostOutput"),
            FindingSummary("setter-with-silent-fallback", line: 31, type: "SocialPresenter", member: "output", target: "SocialPostOutput"),
        ])
    }

    @Test(arguments: ["02-constructor", "04-cake", "05-viper-router", "06-container", "07-dependency-values"])
    func theOtherModulesAreCleanlyWired(lesson: String) throws {
        let report = try analyze(lesson)
        #expect(report.findings.isEmpty, "\(report.summaries())")
    }

    @Test func eachModulesCompositionRootIsFound() throws {
        let expected: [String: [String]] = [
            "02-constructor": ["SocialAppComposition (containerType)"],
            "04-cake": ["MixInMainService (cakeMixIn)", "MixInMainServiceTest (cakeMixIn)", "MixInReadFileService (cakeMixIn)",
                        "MixInReadFileServiceTest (cakeMixIn)"],
            "05-viper-router": ["UserRouter.assembleModule(services:) (assemblesModule)"],
            "06-container": ["DIContainer (containerType)", "PureComposition (containerType)", "SimpleComposition (containerType)",
                             "SwinjectComposition (containerType)"],
            "07-dependency-values": ["SocialClient.liveValue (dependencyKeyValue)", "SocialClient.testValue (dependencyKeyValue)"],
        ]
        for (lesson, roots) in expected {
            let found = Set(try analyze(lesson).roots)
            #expect(found.isSuperset(of: roots), "\(lesson): \(found.sorted())")
        }
    }
}
