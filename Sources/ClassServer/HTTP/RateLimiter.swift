import Foundation
import Synchronization

/// A token bucket per key (a learner's token, the teacher, an address): `rate` requests a
/// second on average, `burst` at once. Keeps a runaway script, or a learner's loop, from
/// drowning the server the rest of the class shares.
public final class RateLimiter: Sendable {
    private struct Bucket {
        var tokens: Double
        var updated: ContinuousClock.Instant
    }

    private let rate: Double
    private let burst: Double
    private let buckets = Mutex<[String: Bucket]>([:])

    public init(rate: Double = 20, burst: Double = 60) {
        self.rate = rate
        self.burst = burst
    }

    /// True when `key` may make a request now (and counts it).
    public func allow(_ key: String, now: ContinuousClock.Instant = .now) -> Bool {
        buckets.withLock { buckets in
            var bucket = buckets[key] ?? Bucket(tokens: burst, updated: now)
            let elapsed = now - bucket.updated
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            bucket.tokens = min(burst, bucket.tokens + seconds * rate)
            bucket.updated = now
            let allowed = bucket.tokens >= 1
            if allowed { bucket.tokens -= 1 }
            buckets[key] = bucket
            // Forget full buckets now and then, so that a scan of made-up tokens cannot grow this.
            if buckets.count > 10_000 { buckets = buckets.filter { $0.value.tokens < burst } }
            return allowed
        }
    }
}
