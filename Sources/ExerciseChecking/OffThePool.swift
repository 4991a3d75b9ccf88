import Dispatch

/// Runs the checker's readings of the learner's file (parsing it for the reach audit, the
/// wiring, the names it shadows, the interface the checks depend on) on a Dispatch queue, not
/// on Swift concurrency's cooperative threads.
///
/// Why: a check starts those readings while the compiler works, and each is a few to a dozen
/// milliseconds of parsing that never waits. The cooperative pool has one thread per core: on
/// a two-core laptop two readings held both threads, and the task that starts the compiler,
/// which is what the learner waits for, waited behind them. On Dispatch's own threads they
/// share the cores with the compiler instead of standing in its way.
enum OffThePool {
    static func run<Value: Sendable>(_ work: @escaping @Sendable () -> Value) async -> Value {
        await withCheckedContinuation { continuation in
            DispatchQueue.global(qos: .utility).async { continuation.resume(returning: work()) }
        }
    }
}
