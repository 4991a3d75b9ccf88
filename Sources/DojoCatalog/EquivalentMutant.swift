/// A generated mutant that no check can tell from the reference solution, declared in the
/// exercise's entry of `lesson.yaml` so that `didojo verify --mutate` does not count it as a
/// survivor:
///
/// ```yaml
///     equivalent:
///       - {operator: reverse-iteration, line: 12, why: "the loop only sums: the order cannot matter"}
/// ```
///
/// It matches every mutant of that operator on that line (of the solution; for a test-writing
/// exercise, of the subject file `file`, which may be left out when the subject is one file).
package struct EquivalentMutant: Codable, Equatable, Sendable {
    package var `operator`: String
    package var line: Int
    /// For a test-writing exercise whose subject has several files: which one.
    package var file: String?
    /// Why no check can tell it from the solution, for a reviewer to judge.
    package var why: String

    package init(operator: String, line: Int, file: String? = nil, why: String) {
        self.operator = `operator`
        self.line = line
        self.file = file
        self.why = why
    }
}
