import Foundation

/// The real clock: the time of the machine the program runs on.
public struct SystemClock: Clock {
    public init() {}

    public func now() -> Date {
        Date()
    }
}
