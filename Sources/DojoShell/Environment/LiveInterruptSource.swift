import CLibEditShim

/// Ctrl-C, as seen by the real process: a SIGINT handler sets a flag that this reads.
///
/// The handler replaces the default action (ending the process), so Ctrl-C can never take
/// the shell down; the shell decides what it means: drop the line, or cancel a check.
package struct LiveInterruptSource: InterruptSource {
    /// How often `nextInterrupt` looks at the flag: a signal handler may do next to nothing,
    /// so the flag is all there is to look at, and a person notices no 20 ms.
    static let lookInterval: Duration = .milliseconds(20)

    private init() {}

    /// Installs the SIGINT handler (once; installing again is harmless) and returns the source.
    package static func installed() -> LiveInterruptSource {
        didojo_interrupt_install()
        return LiveInterruptSource()
    }

    package func takeInterrupt() -> Bool {
        didojo_interrupt_take() != 0
    }

    package func nextInterrupt() async {
        while !takeInterrupt() {
            do {
                try await Task.sleep(for: Self.lookInterval)
            } catch {
                return
            }
        }
    }
}
