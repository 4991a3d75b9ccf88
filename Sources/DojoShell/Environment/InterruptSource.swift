/// Tells whether the learner pressed Ctrl-C since the last time it was asked.
///
/// Injected: the live one reads the SIGINT flag; tests press "Ctrl-C" by flipping a fake.
public protocol InterruptSource: Sendable {
    /// Returns true once per Ctrl-C press, then false until the next one.
    func takeInterrupt() -> Bool
}
