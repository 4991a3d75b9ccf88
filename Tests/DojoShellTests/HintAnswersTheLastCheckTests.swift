import DojoCatalog
@testable import DojoShell
import DojoTestSupport
import Foundation
import Testing

/// A hint said to be "about what failed in your last check" is about what failed: checked by
/// the real checker on anti-patterns.1, where a learner who has taken the locator out and
/// then lost the time stamp was answered with the hints about the locator.
@MainActor
@Suite(.serialized) struct HintAnswersTheLastCheckTests {
    let exercise: Exercise
    let folder: TemporaryFolder

    init() throws {
        exercise = try #require(RealChecker.repositoryLessons.exercise(id: "anti-patterns.1"))
        folder = try TemporaryFolder("hint-answers")
    }

    func failures(of text: String) async throws -> [String] {
        let report = try await RealChecker.check(text, as: exercise, in: folder.url)
        #expect(!report.passed)
        return report.failureNames
    }

    /// The hints written for the locator and the root: in `share`, something still resolves;
    /// in `makePresenter(from:)`, resolve from the locator given.
    var locatorHints: [Int] {
        exercise.hints.indices.filter { exercise.hints[$0].text.contains("resolve") && !exercise.hints[$0].when.isEmpty }
    }

    @Test func aLostTimeStampIsNotAnsweredWithTheHintsAboutTheLocator() async throws {
        #expect(locatorHints.count == 2)
        let solution = try String(contentsOf: exercise.solution, encoding: .utf8)
        let unstamped = solution.replacingOccurrences(of: "try output.post(stamped)", with: "try output.post(text)")
        #expect(unstamped != solution)
        let failed = try await failures(of: unstamped)
        for index in locatorHints {
            #expect(Set(exercise.hints[index].when).isDisjoint(with: failed), "hint \(index + 1) would claim to answer \(failed)")
        }
        let next = try #require(HintCommand.nextHint(for: exercise, seen: [], lastFailures: failed))
        #expect(!locatorHints.contains(next))
    }

    @Test func aLocatorLeftInSharePicksTheHintAboutIt() async throws {
        let text = try String(contentsOf: exercise.starter.deletingLastPathComponent().appendingPathComponent("mistakes/logger-still-resolved.swift"), encoding: .utf8)
        let failed = try await failures(of: text)
        let next = try #require(HintCommand.nextHint(for: exercise, seen: [], lastFailures: failed))
        #expect(exercise.hints[next].text.contains("still calls `resolve`"))
    }
}
