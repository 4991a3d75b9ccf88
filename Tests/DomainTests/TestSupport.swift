import DojoTestSupport
import Foundation
import Domain

/// A timeline in a file of its own, so tests running side by side never share posts.
func makeTemporaryTimeline() -> Timeline {
    let file = FileManager.default.temporaryDirectory
        .appendingPathComponent("DomainTests-\(UUID().uuidString)")
        .appendingPathComponent("timeline.txt")
    return Timeline(fileURL: file)
}
