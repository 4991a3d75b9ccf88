import Domain
import Foundation

/// Measures what one object graph costs to build: by hand (pure DI), with the lesson's
/// `SimpleContainer`, and with Swinject.
///
/// One graph is what `resolve(MainCoordinator.self)` builds: a `MainCoordinator`, its
/// `DIContainer`, a `TerminalNavigator` and a `TerminalScreen`. The logger and the clock are
/// singletons in every way, made once before timing starts, so only the per-graph work is
/// compared.
public struct ContainerBenchmark {
    /// One line of the table: how long one graph took to build.
    public struct Row: Sendable {
        public let way: String
        public let perGraph: Duration
    }

    /// How long each way is measured, warm-up excluded.
    public let budget: Duration

    public init(budget: Duration = .milliseconds(400)) {
        self.budget = budget
    }

    /// Measures the three ways, pure DI first.
    public func run() throws -> [Row] {
        let logger = SilentLogger()
        let clock = FixedClock(date: Date(timeIntervalSince1970: 0))
        let write: @Sendable (String) -> Void = { _ in }
        let simple = SimpleComposition.makeContainer(logger: logger, clock: clock, write: write)
        let swinject = SwinjectComposition.makeContainer(logger: logger, clock: clock, write: write)
        return [
            Row(way: "pure DI (DIContainer)", perGraph: try measure {
                PureComposition.makeCoordinator(logger: logger, clock: clock, write: write)
            }),
            Row(way: "SimpleContainer", perGraph: try measure { try simple.resolve(MainCoordinator.self) }),
            Row(way: "Swinject 2.10.0", perGraph: try measure { swinject.resolve(MainCoordinator.self)! }),
        ]
    }

    /// The table `run --bench` prints: per-graph time and the ratio to the first row.
    public static func table(_ rows: [Row]) -> [String] {
        let base = rows.first.map { Self.nanoseconds($0.perGraph) } ?? 1
        var lines = [Self.line("way", "per graph", "× pure DI")]
        for row in rows {
            let ns = Self.nanoseconds(row.perGraph)
            lines.append(Self.line(row.way, Self.format(ns), String(format: "%.1f×", ns / max(base, 0.001))))
        }
        return lines
    }

    /// The smallest per-graph time over several batches: the least disturbed by whatever
    /// else this machine is doing.
    private func measure(_ build: () throws -> MainCoordinator) throws -> Duration {
        let clock = ContinuousClock()
        var keep = 0  // uses every graph, so none of the work can be skipped
        for _ in 0..<200 { keep &+= try build().shown.count }  // warm-up: caches, lazy setup

        // Pick a batch size that takes about a tenth of the budget.
        var batch = 64
        while true {
            let elapsed = try clock.measure { for _ in 0..<batch { keep &+= try build().shown.count } }
            if elapsed * 10 >= budget || batch >= 1 << 24 { break }
            batch *= 2
        }

        var best = Duration.seconds(1_000)
        let deadline = clock.now.advanced(by: budget)
        repeat {
            let elapsed = try clock.measure { for _ in 0..<batch { keep &+= try build().shown.count } }
            best = min(best, elapsed / batch)
        } while clock.now < deadline
        precondition(keep == 0, "a freshly built coordinator shows no screen yet")
        return best
    }

    private static func nanoseconds(_ duration: Duration) -> Double {
        let parts = duration.components
        return Double(parts.seconds) * 1e9 + Double(parts.attoseconds) / 1e9
    }

    private static func format(_ ns: Double) -> String {
        ns < 1_000 ? String(format: "%.0f ns", ns) : String(format: "%.2f µs", ns / 1_000)
    }

    private static func line(_ way: String, _ time: String, _ ratio: String) -> String {
        way.padding(toLength: 24, withPad: " ", startingAt: 0) + leftPadded(time, 12) + leftPadded(ratio, 12)
    }

    private static func leftPadded(_ text: String, _ width: Int) -> String {
        String(repeating: " ", count: max(0, width - text.count)) + text
    }
}

/// A logger that drops every message, so the benchmark times building, not printing.
private struct SilentLogger: Logger {
    func info(_ message: String) {}
    func error(_ message: String) {}
}
