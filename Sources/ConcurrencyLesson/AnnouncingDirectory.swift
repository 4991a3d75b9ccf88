/// A directory that says every search out loud before it asks the one it wraps: how the demo
/// shows that three keystrokes make one search.
public struct AnnouncingDirectory: FriendDirectory {
    private let inner: any FriendDirectory
    private let write: @Sendable (String) -> Void

    public init(_ inner: any FriendDirectory, write: @escaping @Sendable (String) -> Void) {
        self.inner = inner
        self.write = write
    }

    public func friends(matching prefix: String) async throws -> [String] {
        write("  search \"\(prefix)\"\n")
        return try await inner.friends(matching: prefix)
    }
}
