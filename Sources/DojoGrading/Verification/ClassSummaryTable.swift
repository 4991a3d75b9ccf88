import Foundation

/// The text a teacher reads after grading a class: one row per learner, one column per
/// lesson with the exercises passed, and where each learner is stuck (the first exercise, in
/// course order, that they tried and that does not pass yet).
package enum ClassSummaryTable {
    package static func text(_ learners: [ClassGrader.LearnerGrades], lessons: [String]) -> String {
        let header = ["learner"] + lessons + ["passed", "stuck at"]
        var table: [[String]] = [header]
        for learner in learners {
            var row = [learner.learner]
            for lesson in lessons {
                let grades = learner.grades.filter { $0.exercise.lessonID == lesson }
                row.append("\(grades.filter(\.passed).count)/\(grades.count)")
            }
            row.append("\(learner.grades.filter(\.passed).count)/\(learner.grades.count)")
            row.append(stuck(learner.grades))
            table.append(row)
        }
        let widths = header.indices.map { column in table.map { $0[column].count }.max() ?? 0 }
        return table.map { row in
            zip(row, widths).map { cell, width in cell.padding(toLength: width, withPad: " ", startingAt: 0) }
                .joined(separator: "  ").trimmingCharacters(in: .whitespaces)
        }.joined(separator: "\n") + "\n"
    }

    /// `no-di.2 (checks fail)`, `—` when nothing tried fails, `not started` when nothing was tried.
    static func stuck(_ grades: [WorkspaceGrader.Grade]) -> String {
        if grades.allSatisfy(\.untried) { return "not started" }
        guard let first = grades.first(where: { !$0.passed && !$0.untried }), let report = first.report else { return "—" }
        return "\(first.exercise.id) (\(VerificationLine.rejection(report)))"
    }
}
