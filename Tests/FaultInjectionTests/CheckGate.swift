/// Lets at most `limit` real checks run at once. Each check is a swiftc run and a program
/// run; the suite's cases start together, and CI has two cores.
actor CheckGate {
    static let shared = CheckGate(limit: 2)

    private let limit: Int
    private var running = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(limit: Int) {
        self.limit = limit
    }

    /// Runs `body` once a place is free.
    func run<T: Sendable>(_ body: @Sendable () async throws -> T) async rethrows -> T {
        await enter()
        defer { leave() }
        return try await body()
    }

    private func enter() async {
        if running < limit {
            running += 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    private func leave() {
        if waiting.isEmpty {
            running -= 1
        } else {
            // The place passes straight to the next in line.
            waiting.removeFirst().resume()
        }
    }
}
