import Foundation

/// Ways the tests set up no-di.1, the first exercise, in the workspace.
extension Didojo {
    /// no-di.1's file in the workspace, made from its starter by the first command that needs it.
    package var noDI1File: URL { workspace.appendingPathComponent("no-di/1/SocialPresenter.swift") }

    /// Changes no-di.1's file as a learner who tried it would (a comment added), so that a
    /// grading counts it tried: a file as its starter made it is not graded.
    package func markNoDI1Tried() throws {
        try (String(contentsOf: noDI1File, encoding: .utf8) + "\n// tried\n").write(to: noDI1File, atomically: true, encoding: .utf8)
    }

    /// Makes no-di.1's presenter loop for ever as it is made: a check of the file runs until it
    /// is stopped or its time is up.
    package func makeNoDI1LoopForever() throws {
        let opening = "init(network: SocialNetwork = .twitter) {"
        let text = try String(contentsOf: noDI1File, encoding: .utf8)
        guard text.contains(opening) else { throw StarterChangedError(file: noDI1File.path, expected: opening) }
        try text.replacingOccurrences(of: opening, with: opening + "\n        while true {}")
            .write(to: noDI1File, atomically: true, encoding: .utf8)
    }
}
