import Domain

/// The app's clock, readable and settable from anywhere: an Ambient Context. The code your
/// tests are about: it is correct.
enum TimeProvider {
    /// The clock everybody reads: the real one unless somebody changed it.
    static var current: any Clock = SystemClock()

    /// Runs `body` with `clock` as the current clock, then puts back the clock that was there
    /// before, even when `body` throws.
    static func using<Result>(_ clock: any Clock, _ body: () throws -> Result) rethrows -> Result {
        let previous = current
        current = clock
        defer { current = previous }
        return try body()
    }
}
