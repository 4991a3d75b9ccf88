import ConcurrencyLesson

/// Keeps the app's posts in memory, the newest last, at most `capacity` of them: when a post
/// would make one too many, the oldest goes. One timeline is shared by every share screen and
/// by the background sync, so posts arrive from many tasks at once.
///
/// `@unchecked Sendable`: the compiler stops complaining.
final class MemoryTimeline: AsyncPostOutput, @unchecked Sendable {
    let capacity: Int
    private(set) var posts: [String] = []

    init(capacity: Int) {
        self.capacity = capacity
    }

    func post(_ text: String) async throws {
        posts.append(text)
        if posts.count > capacity {
            posts.removeFirst()
        }
    }
}
