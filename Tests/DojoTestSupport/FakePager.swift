import DojoShell

/// A pager that keeps the text it was given instead of showing it.
@MainActor
package final class FakePager: Pager {
    package private(set) var pages: [String] = []
    package var isAvailable = true
    /// Thrown by `page` when set, as a pager that cannot be started.
    package var failure: (any Error)?

    package init() {}

    package func page(_ text: String) throws {
        if let failure { throw failure }
        pages.append(text)
    }
}
