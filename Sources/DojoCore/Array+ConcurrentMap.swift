extension Array where Element: Sendable {
    /// Transforms every element in a task of its own, at most `limit` at a time, and returns
    /// the results in the elements' order.
    ///
    /// Each task here is a compile and a run, which keeps one core busy; a limit near the
    /// number of cores gets the work done soonest without swamping a classroom laptop.
    package func concurrentMap<Result: Sendable>(
        limit: Int, _ transform: @escaping @Sendable (Element) async throws -> Result
    ) async throws -> [Result] {
        var results: [Result?] = Array<Result?>(repeating: nil, count: count)
        try await withThrowingTaskGroup(of: (Int, Result).self) { group in
            var next = 0
            func startNext() {
                guard next < count else { return }
                let index = next
                let element = self[index]
                next += 1
                group.addTask { (index, try await transform(element)) }
            }
            for _ in 0..<Swift.max(1, limit) { startNext() }
            while let (index, result) = try await group.next() {
                results[index] = result
                startNext()
            }
        }
        return results.compactMap { $0 }
    }
}
