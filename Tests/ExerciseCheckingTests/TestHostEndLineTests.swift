@testable import ExerciseChecking
import Foundation
import TestHostProtocol
import Testing

/// The line that ends a run of the checks before the program's exit, read from what the program
/// wrote to its standard error. With the real program: `ResultIntegrityTests`.
@Suite struct TestHostEndLineTests {
    let tokens = ResultTokens(testNames: ["DoublerChecks.testDoublesTwo"])

    func secret(_ end: String) throws -> String {
        try #require(tokens.token(for: end, test: nil))
    }

    func status(of standardError: String) -> Int32? {
        TestHostEndLine.reportedEnd(for: tokens).exitStatus(Array(standardError.utf8))
    }

    @Test func eachEndOfTheRunGivesTheStatusXCTestWouldHaveEndedWith() throws {
        let (passed, failed, interfered) = (try secret("done"), try secret("done-failed"), try secret("done-interfered"))
        #expect(status(of: TestHostProtocol.endLinePrefix + passed + "\n") == 0)
        #expect(status(of: TestHostProtocol.endLinePrefix + failed + "\n") == 1)
        #expect(status(of: TestHostProtocol.endLinePrefix + interfered + "\n") == 1)
    }

    @Test func theLineCountsOnlyLastAndWhole() throws {
        let line = TestHostProtocol.endLinePrefix + (try secret("done"))
        #expect(status(of: "what the learner printed\n" + line + "\n") == 0)
        #expect(status(of: line) == nil)
        #expect(status(of: line + "\nmore output\n") == nil)
        #expect(status(of: "") == nil)
    }

    @Test func aLineWithoutOneOfThisRunsSecretsIsOutputNotTheEnd() throws {
        #expect(status(of: TestHostProtocol.endLinePrefix + "0123456789abcdef\n") == nil)
        #expect(status(of: TestHostProtocol.endLinePrefix + "\n") == nil)
        // Another run's secret.
        let other = try #require(ResultTokens(testNames: ["DoublerChecks.testDoublesTwo"]).token(for: "done", test: nil))
        #expect(status(of: TestHostProtocol.endLinePrefix + other + "\n") == nil)
        // A check's secret is not an end's.
        let start = try #require(tokens.token(for: "start", test: "DoublerChecks.testDoublesTwo"))
        #expect(status(of: TestHostProtocol.endLinePrefix + start + "\n") == nil)
    }

    @Test func endLinesAreNotTheLearnersOutput() throws {
        let line = TestHostProtocol.endLinePrefix + (try secret("done"))
        let output = LearnerOutput.extract(standardOutput: "hello\n", standardError: "oops\n" + line + "\n")
        #expect(output == "hello\noops")
    }
}
