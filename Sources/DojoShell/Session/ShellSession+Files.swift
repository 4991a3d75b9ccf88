import DojoCatalog

extension ShellSession {
    /// Makes sure the learner's file exists, copying the starter (and saying so) when it was
    /// deleted; see `Workspace.ensureFile(for:)`.
    func ensureLearnerFile(for exercise: Exercise) throws {
        if try workspace.ensureFile(for: exercise) {
            printer.note("Your file for \(exercise.id) was missing, so the starter was copied to \(learnerFile(for: exercise).path).")
        }
    }
}
