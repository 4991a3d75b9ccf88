import Testing
import WiringAnalysis

/// What `WiringVocabulary.learned(from:)` reads out of a module's sources.
@Suite struct VocabularyTests {
    @Test func theDomainModuleTeachesItsAbstractionsVolatileTypesAndValues() throws {
        let domain = try Repository.swiftFiles(in: Repository.sources.appendingPathComponent("Domain"), label: "Domain")
        let vocabulary = WiringVocabulary.learned(from: domain)
        #expect(vocabulary.abstractions == ["Clock", "Logger", "Navigator", "Screen", "SocialPostOutput"])
        #expect(vocabulary.volatileTypes == [
            "FacebookClient", "FixedClock", "PrintLogger", "RecordingLogger", "SystemClock", "TerminalNavigator", "TerminalScreen",
            "TwitterClient",
        ])
        #expect(vocabulary.valueTypes.isSuperset(of: ["Post", "Image", "SocialNetwork", "Sheet", "Timeline", "LogEntry"]))
        #expect(!vocabulary.valueTypes.contains("TimelineError"), "errors are neither values nor dependencies")
        #expect(vocabulary.kinds["TerminalNavigator"] == .class)
        #expect(vocabulary.conformances["TwitterClient"] == ["SocialPostOutput"])
    }

    @Test func aCakeModuleTeachesTheRequirementsOfItsUsesProtocols() throws {
        let cake = try Repository.swiftFiles(in: Repository.sources.appendingPathComponent("CakePattern"), label: "CakePattern")
        let vocabulary = WiringVocabulary.learned(from: cake)
        #expect(vocabulary.requirements["UsesClock"] == ["clock": "Clock"])
        #expect(vocabulary.requirements["UsesReadFileService"] == ["readFileService": "ReadFileService"])
        #expect(vocabulary.conformances["ReadFileService"] == ["UsesClock", "UsesLogger"])
    }

    @Test func mergingKeepsBothAndAVolatileTypeIsNoValue() {
        let first = WiringVocabulary(abstractions: ["Clock"], valueTypes: ["Receipt"], conformances: ["A": ["P"]])
        let second = WiringVocabulary(volatileTypes: ["Receipt"], localDefaults: ["SystemClock"], conformances: ["A": ["Q"]])
        let merged = first.merging(second)
        #expect(merged.abstractions == ["Clock"])
        #expect(merged.volatileTypes == ["Receipt"])
        #expect(merged.valueTypes.isEmpty)
        #expect(merged.localDefaults == ["SystemClock"])
        #expect(merged.conformances["A"] == ["P", "Q"])
    }
}
