/// A client from before Swift concurrency: it starts sending a post and calls `completion`
/// later, on a thread of its own, with `nil` or the error. Many SDKs still look like this.
///
/// An async consumer puts it behind `withCheckedThrowingContinuation` and awaits it; the
/// completion handler itself runs on the client's thread, never on the main actor.
public protocol CallbackShareClient: Sendable {
    func send(_ text: String, completion: @escaping @Sendable ((any Error)?) -> Void)
}
