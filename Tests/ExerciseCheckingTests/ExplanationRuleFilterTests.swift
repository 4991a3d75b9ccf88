@testable import ExerciseChecking
import Testing

/// A rule's pattern is compiled only for a message that starts with its literal beginning (see
/// `ExplanationRule.captures(of:in:)`); that must change no answer.
@Suite struct ExplanationRuleFilterTests {
    @Test func theLiteralBeginningStopsAtTheFirstSpecialCharacter() {
        #expect(ExplanationRule.literalBeginning(of: "cannot find '(\\w+)' in scope") == "cannot find '")
        // A quantifier makes the character before it optional, or repeatable from none.
        #expect(ExplanationRule.literalBeginning(of: "incorrect argument labels? in call") == "incorrect argument label")
        #expect(ExplanationRule.literalBeginning(of: "ab*c") == "a")
        #expect(ExplanationRule.literalBeginning(of: "ab{0,2}c") == "a")
        #expect(ExplanationRule.literalBeginning(of: "ab+c") == "ab")
        // Alternatives in a group leave the beginning before it.
        #expect(ExplanationRule.literalBeginning(of: "missing (x|y)") == "missing ")
        #expect(ExplanationRule.literalBeginning(of: "'(\\w+)' is inaccessible due to '(private|fileprivate)'") == "'")
        // Alternatives of the whole pattern, or a special character first: no beginning to require.
        #expect(ExplanationRule.literalBeginning(of: "a|b") == "")
        #expect(ExplanationRule.literalBeginning(of: "missing (x)|y") == "")
        // An escaped parenthesis or one in a class opens no group: the `|` after it is the whole pattern's.
        #expect(ExplanationRule.literalBeginning(of: "a\\(b|c") == "")
        #expect(ExplanationRule.literalBeginning(of: "a[(]b|c") == "")
        #expect(ExplanationRule.literalBeginning(of: "a[|]b") == "a")
        #expect(ExplanationRule.literalBeginning(of: "(?i)Cannot") == "")
        #expect(ExplanationRule.literalBeginning(of: "\\.value") == "")
    }

    @Test func everyRuleAnswersEveryCorpusMessageAsItsWholeRegexDoes() throws {
        let messages = ExplanationCase.corpus.flatMap { $0.errors.map(\.message) }
            + ["incorrect argument label in call (have 'a:', expected 'b:')", "", "x"]
        #expect(messages.count > 40)
        for rule in ExplanationRule.all {
            let regex = try Regex(rule.message)
            for message in messages {
                let whole = (try? regex.wholeMatch(in: message)).map { match in
                    (1..<match.output.count).map { match.output[$0].substring.map(String.init) ?? "" }
                }
                #expect(ExplanationRule.captures(of: rule.message, in: message) == whole, "\(rule.message) on \(message)")
            }
        }
    }
}
