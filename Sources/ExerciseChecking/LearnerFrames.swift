import DojoGrading
import Foundation

/// The part of a crash's stack that is the learner's own: the runtime's frames, the libraries',
/// the checks' and XCTest's say nothing the learner can act on.
enum LearnerFrames {
    /// The frames of `frames` in `learnerFile`, innermost first, with a call repeated by
    /// endless recursion kept once.
    static func of(_ frames: [CrashFrame], learnerFile: URL) -> [CrashFrame] {
        let learner = learnerFile.resolvingSymlinksInPath().standardizedFileURL.path
        var kept: [CrashFrame] = []
        for frame in frames {
            let path = URL(fileURLWithPath: frame.file).resolvingSymlinksInPath().standardizedFileURL.path
            guard path == learner, !kept.contains(frame) else { continue }
            kept.append(frame)
        }
        return kept
    }
}
