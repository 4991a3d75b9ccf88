import DojoTestSupport
import Foundation
import Domain

/// A timeline in a file of its own, so tests running side by side never share posts.
func makeTemporaryTimeline() -> Timeline {
    let file = TestRunFolder.url
        .appendingPathComponent(TestRunFolder.uniqueName("DomainTests"))
        .appendingPathComponent("timeline.txt")
    return Timeline(fileURL: file)
}
