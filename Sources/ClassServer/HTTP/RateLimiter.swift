import DojoCore
import Foundation
import Synchronization

/// A token bucket per key (a learner's token, the teacher, an address): `rate` requests a
/// second on average, `burst` at once. Keeps a runaway script, or a learner's loop, from
/// drowning the server the rest of the class shares.
public final class RateLimiter: Sendable {
    private struct Bucket {
        var tokens: Double
        /// When it was last counted: time since the limiter was made.
        var updated: Duration
    }

    private struct Buckets {
        var byKey: [String: Bucket] = [:]
        /// The count of keys at which the next pruning runs: twice what the last one kept, so
        /// that pruning costs O(1) a request on average however many keys there are.
        var pruneAt: Int
    }

    private let rate: Double
    private let burst: Double
    private let prunesAbove: Int
    private let buckets: Mutex<Buckets>
    /// The time since the limiter was made, on the clock it was given.
    private let elapsed: @Sendable () -> Duration

    /// `prunesAbove`: how many keys are kept before the full buckets are forgotten. `clock`:
    /// the one the buckets refill by (the server's, or a test's).
    public init(rate: Double = 20, burst: Double = 60, prunesAbove: Int = 10_000, clock: any Clock<Duration>) {
        self.rate = rate
        self.burst = burst
        self.prunesAbove = prunesAbove
        buckets = Mutex(Buckets(pruneAt: prunesAbove))
        elapsed = clock.stopwatch()
    }

    /// True when `key` may make a request now (and counts it).
    public func allow(_ key: String) -> Bool {
        let now = elapsed()
        return buckets.withLock { buckets in
            var bucket = buckets.byKey[key] ?? Bucket(tokens: burst, updated: now)
            bucket.tokens = refilled(bucket, now: now)
            bucket.updated = now
            let allowed = bucket.tokens >= 1
            if allowed { bucket.tokens -= 1 }
            buckets.byKey[key] = bucket
            if buckets.byKey.count > buckets.pruneAt {
                // A bucket that has refilled to the brim is the same as no bucket: forget it,
                // so that a scan of made-up tokens or addresses cannot grow this for ever.
                buckets.byKey = buckets.byKey.filter { refilled($0.value, now: now) < burst }
                buckets.pruneAt = max(prunesAbove, buckets.byKey.count * 2)
            }
            return allowed
        }
    }

    /// How many keys are remembered now.
    public var keyCount: Int { buckets.withLock { $0.byKey.count } }

    /// The bucket's tokens at `now`: what it had, plus what the time since has refilled.
    private func refilled(_ bucket: Bucket, now: Duration) -> Double {
        let elapsed = now - bucket.updated
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return min(burst, bucket.tokens + max(0, seconds) * rate)
    }
}
