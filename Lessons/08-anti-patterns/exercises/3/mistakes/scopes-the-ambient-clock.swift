import AntiPatternsLesson
import Domain
import Foundation

/// Posts kept for later, each with the moment it may go out, by the clock it was given.
final class ScheduledPostQueue {
    private let output: any SocialPostOutput
    private let clock: any Clock
    private var pending: [(text: String, due: Date)] = []

    init(output: any SocialPostOutput, clock: any Clock) {
        self.output = output
        self.clock = clock
    }

    /// Keeps `text` until `delay` seconds from now have passed.
    func schedule(_ text: String, after delay: TimeInterval) {
        pending.append((text, clock.now().addingTimeInterval(delay)))
    }

    /// Posts every text whose time has come, in the order they were scheduled, stamped with
    /// the time they went out; returns how many went out.
    @discardableResult
    func publishDue() throws -> Int {
        // The old code read TimeProvider.current: make this queue's clock the current one meanwhile.
        try TimeProvider.using(clock) { try publishDueByTheAmbientClock() }
    }

    private func publishDueByTheAmbientClock() throws -> Int {
        let now = TimeProvider.current.now()
        let due = pending.filter { $0.due <= now }
        pending.removeAll { $0.due <= now }
        for item in due {
            try output.post("\(item.text) (\(now.utcStamp))")
        }
        return due.count
    }
}
