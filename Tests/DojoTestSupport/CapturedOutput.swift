import Foundation
import Synchronization

/// Collects what a demo, a screen, a logger or a navigator writes, from any thread, so a test
/// can read it back.
package final class CapturedOutput: Sendable {
    private let collected = Mutex("")

    package init() {}

    /// Everything written so far.
    package var text: String {
        collected.withLock { $0 }
    }

    package func append(_ piece: String) {
        collected.withLock { $0 += piece }
    }

    /// A `@Sendable` write closure to hand to the code under test.
    package var write: @Sendable (String) -> Void {
        { [self] piece in append(piece) }
    }
}
