import ClassServer
import Testing

@Suite struct RateLimiterTests {
    /// A scan of made-up tokens or addresses: every key is new, and each bucket is full again
    /// a few seconds later. The limiter forgets those, so it stays small however long the scan.
    @Test func manyKeysAreForgottenOnceTheirBucketsAreFullAgain() {
        let limiter = RateLimiter(rate: 20, burst: 60, prunesAbove: 1000)
        var now = ContinuousClock.now
        for index in 0..<50_000 {
            #expect(limiter.allow("address \(index)", now: now), "a new key has a full bucket")
            now += .milliseconds(1)   // 1,000 new keys a second
        }
        // One request leaves 59 of 60 tokens, full again 50 ms later: pruning keeps only the
        // keys of the last moments, and runs again only once the kept ones have doubled.
        #expect(limiter.keyCount <= 2000, "kept \(limiter.keyCount) keys")
    }

    /// Forgetting never forgives: a key that is over its rate keeps its empty bucket.
    @Test func aKeyOverItsRateIsNotForgotten() {
        let limiter = RateLimiter(rate: 1, burst: 2, prunesAbove: 10)
        let now = ContinuousClock.now
        #expect(limiter.allow("busy", now: now))
        #expect(limiter.allow("busy", now: now))
        #expect(!limiter.allow("busy", now: now))
        for index in 0..<100 { _ = limiter.allow("other \(index)", now: now + .milliseconds(100 + index)) }
        #expect(!limiter.allow("busy", now: now + .milliseconds(500)), "still over its rate half a second later")
        #expect(limiter.allow("busy", now: now + .seconds(2)))
    }
}
