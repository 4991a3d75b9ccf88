/// A clock that says every wait out loud, then waits on the clock it wraps: the demo's way to
/// show a back-off or a debounce as it happens. A decorator, of a clock this time.
public struct AnnouncingClock<Base: Clock>: Clock where Base.Duration == Duration {
    private let base: Base
    private let write: @Sendable (String) -> Void

    public init(_ base: Base, write: @escaping @Sendable (String) -> Void) {
        self.base = base
        self.write = write
    }

    public var now: Base.Instant { base.now }
    public var minimumResolution: Duration { base.minimumResolution }

    public func sleep(until deadline: Base.Instant, tolerance: Duration?) async throws {
        write("  (the clock waits \(Self.milliseconds(now.duration(to: deadline))) ms)\n")
        try await base.sleep(until: deadline, tolerance: tolerance)
    }

    /// The wait in whole milliseconds, rounded: `sleep(for:)` computes its deadline from `now`
    /// a moment before this clock reads `now` again, so 100 ms arrives as 99.99… ms.
    static func milliseconds(_ duration: Duration) -> Int64 {
        let attoseconds = duration.components.attoseconds + 500_000_000_000_000
        return duration.components.seconds * 1000 + attoseconds / 1_000_000_000_000_000
    }
}
