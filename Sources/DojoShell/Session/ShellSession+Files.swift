import DojoCore

extension ShellSession {
    /// Makes sure the learner's file exists, copying the starter when it was deleted.
    func ensureLearnerFile(for exercise: Exercise) throws {
        let file = learnerFile(for: exercise)
        guard !dependencies.fileSystem.fileExists(at: file) else { return }
        try dependencies.fileSystem.copyItem(at: exercise.starter, to: file)
        printer.note("Your file for \(exercise.id) was missing, so the starter was copied to \(file.path).")
    }
}
