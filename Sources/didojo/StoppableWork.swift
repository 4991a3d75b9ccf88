import ArgumentParser
import DojoCore
import DojoShell

/// The work of a subcommand that runs many checks (`verify`), stopped by Ctrl-C, SIGTERM (a
/// script's `timeout`) or SIGHUP (a closed terminal) the way one check is: the checks under way
/// are cancelled (their programs stopped, their folders removed, nothing recorded for them, so
/// no pass recorded earlier is taken back by a check that never finished), no other begins, and
/// the program ends, by the stop signal that came, or with status 130 after Ctrl-C. Ended by the
/// signal at once instead, it left the checks' folders of compiled files behind.
enum StoppableWork {
    /// Runs `work`, and returns what it returns when nothing stopped it; otherwise says
    /// `cancelled` on standard error and ends the program.
    @MainActor
    static func run<Value: Sendable>(
        cancelled: String, _ work: @escaping @Sendable () async throws -> Value
    ) async throws -> Value {
        let interrupts = LiveInterruptSource.installed(stopSignalsToo: true)
        let finished: Value?
        do {
            finished = try await interrupts.cancellingOnInterrupt { () -> Value? in
                // Cancelled, it returns what the cancelled checks said, or throws what their
                // cancellation threw: neither is a result to show.
                do {
                    let value = try await work()
                    return Task.isCancelled ? nil : value
                } catch where Task.isCancelled {
                    return nil
                }
            }
        } catch is CancellationError {
            finished = nil
        }
        if let finished { return finished }
        StandardStreams.writeError(cancelled + "\n")
        LiveInterruptSource.endIfStopped()
        throw ExitCode(130)
    }
}
