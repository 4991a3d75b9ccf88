/// Shares one text to several outputs at once, and returns when every output has it.
///
/// Each post is a child task of a task group: they run at the same time, the function waits
/// for all of them, an error of one reaches the caller, and every child sees the task-local
/// values of the caller, `Trace.id` included.
public struct BatchSharer: Sendable {
    private let outputs: [any AsyncPostOutput]

    public init(outputs: [any AsyncPostOutput]) {
        self.outputs = outputs
    }

    public func share(_ text: String) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            for output in outputs {
                group.addTask { try await output.post(text) }
            }
            try await group.waitForAll()
        }
    }
}
