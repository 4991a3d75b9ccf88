import ChildProcess
import DojoCore

/// What a checker reaches of the machine: it starts processes, touches files and marks its
/// phases. Each is given by the composition root (or by a test: a fake, a recording launcher).
package struct CheckerPorts: Sendable {
    /// Runs the compiler, the linker and the program that runs the checks.
    package let launcher: any ProcessLaunching
    package let fileSystem: any FileSystem
    /// When "now" is, for the caches of compiled steps (which entries are old).
    package let timeSource: any TimeSource
    /// Where a check's phases are recorded (`DIDOJO_TRACE`); `.off` but for the benchmark.
    package let trace: PhaseTrace

    package init(launcher: any ProcessLaunching, fileSystem: any FileSystem, timeSource: any TimeSource, trace: PhaseTrace) {
        self.launcher = launcher
        self.fileSystem = fileSystem
        self.timeSource = timeSource
        self.trace = trace
    }
}
