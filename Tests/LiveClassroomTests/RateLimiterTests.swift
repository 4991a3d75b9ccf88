import ClassServer
import Clocks
import Testing

/// The limiter's buckets on swift-clocks' `TestClock`, which the test moves on.
@Suite struct RateLimiterTests {
    /// A scan of made-up tokens or addresses: every key is new, and each bucket is full again
    /// a few seconds later. The limiter forgets those, so it stays small however long the scan.
    @Test func manyKeysAreForgottenOnceTheirBucketsAreFullAgain() async {
        let clock = TestClock()
        let limiter = RateLimiter(rate: 20, burst: 60, prunesAbove: 1000, clock: clock)
        // 1,000 new keys a second, 50 at a time (each move of the test clock yields a while).
        for moment in 0..<1000 {
            for index in 0..<50 {
                #expect(limiter.allow("address \(moment * 50 + index)"), "a new key has a full bucket")
            }
            await clock.advance(by: .milliseconds(50))
        }
        // One request leaves 59 of 60 tokens, full again 50 ms later: pruning keeps only the
        // keys of the last moments, and runs again only once the kept ones have doubled.
        #expect(limiter.keyCount <= 2000, "kept \(limiter.keyCount) keys")
    }

    /// Forgetting never forgives: a key that is over its rate keeps its empty bucket.
    @Test func aKeyOverItsRateIsNotForgotten() async {
        let clock = TestClock()
        let limiter = RateLimiter(rate: 1, burst: 2, prunesAbove: 10, clock: clock)
        #expect(limiter.allow("busy"))
        #expect(limiter.allow("busy"))
        #expect(!limiter.allow("busy"))
        await clock.advance(by: .milliseconds(100))
        for index in 0..<100 {
            _ = limiter.allow("other \(index)")
            await clock.advance(by: .milliseconds(1))
        }
        await clock.advance(by: .milliseconds(300))
        #expect(!limiter.allow("busy"), "still over its rate half a second later")
        await clock.advance(by: .milliseconds(1500))
        #expect(limiter.allow("busy"))
    }
}
