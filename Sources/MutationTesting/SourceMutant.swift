/// A correct answer with one small change: what a learner's wrong answer could be.
public struct SourceMutant: Sendable, Equatable, Codable {
    public let `operator`: MutationOperator
    /// The line of the change, in the original file (1-based).
    public let line: Int
    /// What the change does, in the learner's terms ("compares with `<` instead of `<=` …").
    public let description: String
    /// The change in a few words: "`<=` → `<`", for lists and ratchet files.
    public let change: String
    /// The whole mutated file.
    public let source: String

    public init(operator: MutationOperator, line: Int, description: String, change: String, source: String) {
        self.operator = `operator`
        self.line = line
        self.description = description
        self.change = change
        self.source = source
    }

    /// The change as a unified diff of `original` (the file it was made from), named `fileName`.
    public func diff(from original: String, fileName: String) -> String {
        UnifiedDiff.text(from: original, to: source, fileName: fileName)
    }
}
