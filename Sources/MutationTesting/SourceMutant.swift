/// A correct answer with one small change: what a learner's wrong answer could be.
package struct SourceMutant: Sendable, Equatable, Codable {
    package let `operator`: MutationOperator
    /// The line of the change, in the original file (1-based).
    package let line: Int
    /// What the change does, in the learner's terms ("compares with `<` instead of `<=` …").
    package let description: String
    /// The change in a few words: "`<=` → `<`", for lists and ratchet files.
    package let change: String
    /// The whole mutated file.
    package let source: String

    package init(operator: MutationOperator, line: Int, description: String, change: String, source: String) {
        self.operator = `operator`
        self.line = line
        self.description = description
        self.change = change
        self.source = source
    }

    /// The change as a unified diff of `original` (the file it was made from), named `fileName`.
    package func diff(from original: String, fileName: String) -> String {
        UnifiedDiff.text(from: original, to: source, fileName: fileName)
    }
}
