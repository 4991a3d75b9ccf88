import DojoShell

/// A pager that keeps the text it was given instead of showing it.
@MainActor
public final class FakePager: Pager {
    public private(set) var pages: [String] = []
    public var isAvailable = true
    /// Thrown by `page` when set, as a pager that cannot be started.
    public var failure: (any Error)?

    public init() {}

    public func page(_ text: String) throws {
        if let failure { throw failure }
        pages.append(text)
    }
}
