import DojoCore
import Foundation
import Synchronization

/// A clock the test moves by hand, for anything that depends on time passing (a time box).
package final class SettableTimeSource: TimeSource {
    private let current: Mutex<Date>

    package init(date: Date = Date(timeIntervalSince1970: 1_466_208_000)) {
        current = Mutex(date)
    }

    package func now() -> Date { current.withLock { $0 } }

    package func advance(by seconds: TimeInterval) {
        current.withLock { $0 = $0.addingTimeInterval(seconds) }
    }
}
