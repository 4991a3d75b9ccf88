import Foundation

/// Runs demo tests in a given order in one "process", as a test runner would.
public struct DemoTestRun {
    /// How one test ended.
    public enum Outcome: Equatable, Sendable {
        case passed
        case failed(String)

        public var passed: Bool { self == .passed }
    }

    /// What a run needs to start as a fresh process would: the globals back at their
    /// launch values.
    private let freshProcess: () -> Void

    public init(freshProcess: @escaping () -> Void) {
        self.freshProcess = freshProcess
    }

    /// Runs `tests` one after another, after starting fresh once; one outcome per test, in order.
    public func run(_ tests: [DemoTest]) -> [Outcome] {
        freshProcess()
        defer { freshProcess() }
        return tests.map { test in
            do {
                try test.body()
                return .passed
            } catch {
                return .failed(String(describing: error))
            }
        }
    }

    /// Each test alone, then every pair in both orders, as lines for the demo:
    /// `A then B    A ✓  B ✗ …`.
    public func orderTable(_ first: DemoTest, _ second: DemoTest) -> [String] {
        let runs: [(String, [DemoTest])] = [
            ("\(first.letter) alone", [first]),
            ("\(second.letter) alone", [second]),
            ("\(first.letter) then \(second.letter)", [first, second]),
            ("\(second.letter) then \(first.letter)", [second, first]),
        ]
        return runs.map { label, tests in
            let outcomes = run(tests)
            let cells = zip(tests, outcomes).map { test, outcome in
                switch outcome {
                case .passed: "\(test.letter) ✓"
                case .failed(let why): "\(test.letter) ✗ \(why)"
                }
            }
            return label.padding(toLength: 10, withPad: " ", startingAt: 0) + "  " + cells.joined(separator: "  ")
        }
    }
}
