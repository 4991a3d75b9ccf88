import ChildProcess
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Runs the checker's readings of the learner's file (its parse, then the reach audit, the
/// wiring, the names it shadows, the interface the checks depend on) on a thread of their own,
/// at a lower priority, not on Swift concurrency's cooperative threads.
///
/// Why: a check starts those readings while the compiler works, and each is a few to a dozen
/// milliseconds of parsing that never waits. The cooperative pool has one thread per core: on
/// a two-core laptop two readings held both threads, and the task that starts the compiler,
/// which is what the learner waits for, waited behind them. On threads of their own they
/// share the cores with the compiler instead of standing in its way; and since nothing needs
/// their answers before the compiler is done, they yield to what does (the compiler, and the
/// check's own preparations: a test-writing check parses the learner's file before its
/// compiler can start, and three readings at the same priority had doubled that on two cores).
/// Linux keeps a nice value per thread, so lowering this thread's leaves the rest of the
/// program as it was; the thread ends with its reading.
enum OffThePool {
    /// How much lower than the program's the readings run (a nice value, added).
    static let lowerPriority: Int32 = 5

    static func run<Value: Sendable>(_ work: @escaping @Sendable () -> Value) async -> Value {
        await withCheckedContinuation { continuation in
            let thread = Thread {
                #if os(Linux)
                ThreadName.set("didojo-reading")
                let which = __priority_which_t(PRIO_PROCESS.rawValue)
                // 0: the calling thread. Failing (a nice value already at its floor) changes nothing.
                _ = setpriority(which, 0, getpriority(which, 0) + lowerPriority)
                #endif
                continuation.resume(returning: work())
            }
            // As deep as a Dispatch worker's: swift-syntax parses by recursion.
            thread.stackSize = 8 << 20
            thread.start()
        }
    }

    /// `work` on the learner's file once `parse` has it (see `CompilingChecker.read(_:for:)`),
    /// on a reading thread of its own; nil as the file when there is no parse or no file.
    static func run<Value: Sendable>(
        after parse: Task<ParsedSource?, Never>?, _ work: @escaping @Sendable (ParsedSource?) -> Value
    ) async -> Value {
        let parsed = await parse?.value ?? nil
        return await run { work(parsed) }
    }
}
