import ChildProcess
import DojoTestSupport
import Foundation
import Testing

/// The README's promises about the benchmark's verdicts, run on the script's own functions.
@Suite struct BenchmarkBaselineTests {
    /// `benchmark.py --compare` names every ratio to the floor more than 15 % worse than
    /// `Benchmarks/baseline.json`, and only those (with a baseline file of the test's own).
    @Test func compareNamesTheRatiosMoreThanFifteenPercentWorseAndNoOthers() async throws {
        let folder = try TemporaryFolder("benchmark-baseline")
        let named = try await Self.printedStrings(running: """
            from pathlib import Path
            benchmark.BASELINE = Path(\(String(reflecting: folder.url.appendingPathComponent("baseline.json").path)))
            rows = {"no-di.1": {"warm": 0.30, "floor": 0.10, "error": 0.12, "error floor": 0.10}}
            benchmark.Baseline.write(benchmark.Baseline.ratios(0.02, rows), "0")
            rows["no-di.1"]["warm"] = 0.33   # 10 % worse: within the limit
            rows["no-di.1"]["error"] = 0.15  # 25 % worse
            print(json.dumps(benchmark.Baseline.compare(benchmark.Baseline.ratios(0.02, rows))))
            """)
        #expect(named.count == 1)
        #expect(named.first?.hasPrefix("no-di.1 error / error floor: 1.20 -> 1.50") == true, "\(named)")
    }

    /// The confinement row decides its goal only when its 95 % interval lies wholly on one side:
    /// a median of a few milliseconds of noisy differences must not pass or fail by chance.
    @Test func confinementRowDecidesOnlyWhenTheIntervalClearsTheGoal() async throws {
        let verdicts = try await Self.printedStrings(running: """
            import random
            rng = random.Random(1)
            def verdict(centre, spread):
                differences = [centre + rng.uniform(-spread, spread) for _ in range(30)]
                median, low, high = benchmark.median_with_interval(differences)
                assert low <= median <= high, (low, median, high)
                return benchmark.interval_verdict(low, high, 10)
            print(json.dumps([verdict(2, 3), verdict(25, 3), verdict(9, 20)]))
            """)
        #expect(verdicts.count == 3)
        #expect(verdicts.first == "yes", "\(verdicts)")
        #expect(verdicts.dropFirst().first == "NO", "\(verdicts)")
        #expect(verdicts.last?.hasPrefix("not decided") == true, "\(verdicts)")
    }

    /// Runs `script` with `benchmark` (Benchmarks/benchmark.py) and `json` imported, and decodes
    /// the JSON list of strings it prints.
    private static func printedStrings(running script: String) async throws -> [String] {
        let benchmarks = Didojo.lessonsFolder.deletingLastPathComponent().appendingPathComponent("Benchmarks")
        let program = """
            import json, sys
            sys.path.insert(0, \(String(reflecting: benchmarks.path)))
            import benchmark

            """ + script
        let result = try await ChildProcessLauncher(clock: ContinuousClock()).run(ChildProcessRequest(
            executable: "/usr/bin/python3", arguments: ["-c", program], environment: ProcessInfo.processInfo.environment,
            timeout: .seconds(120)
        ))
        #expect(result.termination == .exited(0), "\(result.standardError)")
        return try JSONDecoder().decode([String].self, from: Data(result.standardOutput.utf8))
    }
}
