import Foundation

/// Runs blocking work (a browser or a server read through its pipe until it answers, a program
/// waited for) on a thread of its own, so that the cooperative pool's few threads stay free for
/// the tests running beside it.
package func onThreadOfItsOwn<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try work() }) }.start()
    }
}
