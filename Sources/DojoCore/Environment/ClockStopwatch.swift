/// How long since a moment, on a clock that was given (the machine's, or a test's): a clock's
/// instants cannot be kept once it is `any Clock<Duration>`, but the time since one can.
extension Clock where Duration == Swift.Duration {
    /// A stopwatch started now: each call answers the time since, as this clock counts it.
    package func stopwatch() -> @Sendable () -> Swift.Duration {
        let start = now
        return { start.duration(to: self.now) }
    }
}
