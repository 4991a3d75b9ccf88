import Foundation
import Domain

/// Collects what a terminal stand-in writes, so a test can read it back.
///
/// `@unchecked Sendable` because the write closures must be `@Sendable`; the lock makes that true.
final class CapturedOutput: @unchecked Sendable {
    private let lock = NSLock()
    private var collected = ""

    var text: String {
        lock.withLock { collected }
    }

    var write: @Sendable (String) -> Void {
        { [self] piece in lock.withLock { collected += piece } }
    }
}

/// A timeline in a file of its own, so tests running side by side never share posts.
func makeTemporaryTimeline() -> Timeline {
    let file = FileManager.default.temporaryDirectory
        .appendingPathComponent("DomainTests-\(UUID().uuidString)")
        .appendingPathComponent("timeline.txt")
    return Timeline(fileURL: file)
}
