import Glibc

/// Moments of one process, written to a file as they happen: where a check's time goes, phase
/// by phase (`Benchmarks/benchmark.py --trace` sets `DIDOJO_TRACE` and reads the file).
///
/// Each moment is one line, `<CLOCK_MONOTONIC in ns> <pid> <what>`, written with a single
/// `write(2)` to a file opened for appending, so that the lines of a process and of its
/// threads never interleave, and a benchmark can put them on its own clock (Python's
/// `time.monotonic_ns()` reads the same one). Off, it costs nothing but a test of an optional.
package final class PhaseTrace: Sendable {
    /// The trace file, or nil when tracing is off.
    private let descriptor: Int32?

    /// The environment variable that names the trace file.
    package static let variable = "DIDOJO_TRACE"

    /// A trace that records nothing.
    package static let off = PhaseTrace(descriptor: nil)

    private init(descriptor: Int32?) {
        self.descriptor = descriptor
    }

    /// The trace `environment` asks for: appending to the file `DIDOJO_TRACE` names, else off
    /// (also when the file cannot be opened: a trace must never stop a check).
    package static func from(environment: [String: String]) -> PhaseTrace {
        guard let path = environment[variable], !path.isEmpty else { return .off }
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
        return descriptor < 0 ? .off : PhaseTrace(descriptor: descriptor)
    }

    deinit {
        if let descriptor { close(descriptor) }
    }

    /// Whether moments are recorded at all.
    package var isOn: Bool { descriptor != nil }

    /// Records that `moment` happened now.
    package func mark(_ moment: @autoclosure () -> String) {
        guard let descriptor else { return }
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let nanoseconds = Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
        let line = "\(nanoseconds) \(getpid()) \(moment())\n"
        _ = line.utf8CString.withUnsafeBufferPointer { write(descriptor, $0.baseAddress, $0.count - 1) }
    }
}
