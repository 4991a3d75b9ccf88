import DojoCore

extension ShellSession {
    /// Makes sure the learner's file exists, copying the starter when it was deleted.
    ///
    /// Whatever else is found at the file's path (a folder, a broken link) is left alone: it
    /// may hold the learner's work. The error says what is in the way and what to do.
    func ensureLearnerFile(for exercise: Exercise) throws {
        let file = learnerFile(for: exercise)
        let fileSystem = dependencies.fileSystem
        guard !fileSystem.fileExists(at: file) else { return }
        if fileSystem.directoryExists(at: file) {
            throw DojoError.learnerFileIsAFolder(exerciseID: exercise.id, path: file.path)
        }
        do {
            try fileSystem.copyItem(at: exercise.starter, to: file)
        } catch {
            throw DojoError.learnerFileUnusable(exerciseID: exercise.id, path: file.path, reason: error.localizedDescription)
        }
        printer.note("Your file for \(exercise.id) was missing, so the starter was copied to \(file.path).")
    }
}
