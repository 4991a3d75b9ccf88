import Domain

/// The app's clock, readable and settable from anywhere. A broken copy: every scope ends with a new SystemClock, whatever was there before.
enum TimeProvider {
    static var current: any Clock = SystemClock()

    static func using<Result>(_ clock: any Clock, _ body: () throws -> Result) rethrows -> Result {
        current = clock
        defer { current = SystemClock() }
        return try body()
    }
}
