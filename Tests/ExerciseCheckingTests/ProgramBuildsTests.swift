@testable import ExerciseChecking
import Foundation
import Synchronization
import Testing

/// The program that runs the checks is built once however many runs ask for it at once (see
/// `ProgramBuilds`).
@Suite struct ProgramBuildsTests {
    final class Counter: Sendable {
        private let count = Mutex(0)
        func add() { count.withLock { $0 += 1 } }
        var value: Int { count.withLock { $0 } }
    }

    let cache = URL(fileURLWithPath: "/caches/a")
    let program = URL(fileURLWithPath: "/caches/a/program")

    @Test func runsThatAskAtOnceShareOneBuild() async throws {
        let builds = ProgramBuilds()
        let count = Counter()
        let program = self.program, cache = self.cache
        let outcomes = try await withThrowingTaskGroup(of: ProgramBuilds.Outcome.self) { group in
            for _ in 0..<10 {
                group.addTask {
                    try await builds.program(kept: cache, exists: { _ in true }) {
                        count.add()
                        try await Task.sleep(for: .milliseconds(50))
                        return .built(program)
                    }
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(count.value == 1)
        #expect(outcomes.allSatisfy { if case .built(let url) = $0 { url == program } else { false } })
        // Found from then on, until it is gone.
        _ = try await builds.program(kept: cache, exists: { _ in true }) { count.add(); return .built(program) }
        #expect(count.value == 1)
        _ = try await builds.program(kept: cache, exists: { _ in false }) { count.add(); return .built(program) }
        #expect(count.value == 2)
    }

    @Test func aWaiterWhoseBuildWasCancelledBuildsItself() async throws {
        let builds = ProgramBuilds()
        let program = self.program, cache = self.cache
        let first = Task {
            try await builds.program(kept: cache, exists: { _ in true }) {
                try? await Task.sleep(for: .milliseconds(100))
                return .notBuilt(.cancelled)
            }
        }
        try await Task.sleep(for: .milliseconds(20))
        let second = try await builds.program(kept: cache, exists: { _ in true }) { .built(program) }
        guard case .built(let url) = second else { Issue.record("the second run got \(second)"); return }
        #expect(url == program)
        guard case .notBuilt = try await first.value else { Issue.record("the first run's own outcome changed"); return }
    }

    @Test func differentCachesBuildTheirOwn() async throws {
        let builds = ProgramBuilds()
        let count = Counter()
        for folder in ["/caches/a", "/caches/b"] {
            _ = try await builds.program(kept: URL(fileURLWithPath: folder), exists: { _ in true }) {
                count.add()
                return .built(URL(fileURLWithPath: folder + "/program"))
            }
        }
        #expect(count.value == 2)
    }
}
