import Domain
import Foundation

/// The real clock waits for real: the thread sleeps.
extension SystemClock: WaitingClock {
    public func sleep(for duration: Duration) throws {
        // `Thread.sleep` cannot be interrupted, so cancellation is noticed before and after.
        try Task.checkCancellation()
        Thread.sleep(forTimeInterval: duration.inSeconds)
        try Task.checkCancellation()
    }
}

extension Duration {
    /// The duration as a number of seconds, e.g. 0.25.
    var inSeconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }

    /// Whole milliseconds, as `TimingOutput` and the demo write them: `250 ms`.
    var millisecondsText: String {
        "\(Int((inSeconds * 1000).rounded())) ms"
    }
}
