import Domain

/// The app's clock, readable and settable from anywhere. A broken copy: the previous clock never comes back.
enum TimeProvider {
    static var current: any Clock = SystemClock()

    static func using<Result>(_ clock: any Clock, _ body: () throws -> Result) rethrows -> Result {
        current = clock
        return try body()
    }
}
