import Foundation

/// The tutor's clock: when an exercise first passed, when a backup was made.
///
/// Named `TimeSource` rather than `Clock` so it is not confused with the standard library's
/// `Clock` protocol or with the `Clock` the lessons teach with.
package protocol TimeSource: Sendable {
    func now() -> Date
}

/// The machine's clock.
package struct SystemTimeSource: TimeSource {
    package init() {}
    package func now() -> Date { Date() }
}
