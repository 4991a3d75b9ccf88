import Domain

/// The app's clock, readable and settable from anywhere. A broken copy: a body that throws skips the line that puts the clock back.
enum TimeProvider {
    static var current: any Clock = SystemClock()

    static func using<Result>(_ clock: any Clock, _ body: () throws -> Result) rethrows -> Result {
        let previous = current
        current = clock
        let result = try body()
        current = previous
        return result
    }
}
