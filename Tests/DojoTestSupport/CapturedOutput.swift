import Foundation

/// Collects what a demo, a screen, a logger or a navigator writes, from any thread, so a test
/// can read it back.
package final class CapturedOutput: @unchecked Sendable {
    // Every access holds `lock`, which makes the `@unchecked Sendable` true.
    private let lock = NSLock()
    private var collected = ""

    package init() {}

    /// Everything written so far.
    package var text: String {
        lock.withLock { collected }
    }

    package func append(_ piece: String) {
        lock.withLock { collected += piece }
    }

    /// A `@Sendable` write closure to hand to the code under test.
    package var write: @Sendable (String) -> Void {
        { [self] piece in append(piece) }
    }
}
