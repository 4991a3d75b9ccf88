import Foundation
import Synchronization

/// Where the program that runs the checks is, by the cache that keeps it, and the builds of it
/// under way: one build however many runs ask for the program at once.
///
/// Why: a test-writing check starts the subject's run and, once its checks compiled, one run
/// for each planted bug (see `CompilingChecker.checkTests`). With an empty cache each of them
/// would build the program (a compile and a link, about a second) at the same time. The first
/// to ask builds it; the others wait for that build. One that finds the build cancelled (its
/// check ended) builds it itself.
final class ProgramBuilds: Sendable {
    /// How a build of the program ended, as `ChecksProgram` tells it.
    enum Outcome: Sendable {
        case built(URL)
        case notBuilt(CompiledSteps.StepResult)
    }

    private enum Entry {
        case built(URL)
        case building([CheckedContinuation<Outcome?, Never>])
    }

    private let entries = Mutex<[URL: Entry]>([:])

    /// The program kept by `cache`, built by `build` unless another run has it or is building it.
    /// `exists` tells whether a program found earlier is still there.
    func program(
        kept cache: URL, exists: (URL) -> Bool, build: () async throws -> Outcome
    ) async throws -> Outcome {
        enum Turn { case found(URL), wait, build }
        let turn: Turn = entries.withLock { entries in
            switch entries[cache] {
            case .built(let location) where exists(location): return .found(location)
            case .building: return .wait
            default:
                entries[cache] = .building([])
                return .build
            }
        }
        switch turn {
        case .found(let location):
            return .built(location)
        case .wait:
            let outcome = await withCheckedContinuation { continuation in
                let waiting = entries.withLock { entries -> Bool in
                    guard case .building(let waiters) = entries[cache] else { return false }
                    entries[cache] = .building(waiters + [continuation])
                    return true
                }
                // The build ended between the two looks: ask again.
                if !waiting { continuation.resume(returning: nil) }
            }
            if let outcome, case .built = outcome { return outcome }
            // Not built by the other run (cancelled, failed): this run tries for itself.
            return try await program(kept: cache, exists: exists, build: build)
        case .build:
            let outcome: Outcome
            do {
                outcome = try await build()
            } catch {
                finish(cache, with: nil)
                throw error
            }
            finish(cache, with: outcome)
            return outcome
        }
    }

    private func finish(_ cache: URL, with outcome: Outcome?) {
        let waiters = entries.withLock { entries -> [CheckedContinuation<Outcome?, Never>] in
            guard case .building(let waiters) = entries[cache] else { return [] }
            if let outcome, case .built(let location) = outcome {
                entries[cache] = .built(location)
            } else {
                entries[cache] = nil
            }
            return waiters
        }
        for waiter in waiters { waiter.resume(returning: outcome) }
    }
}
