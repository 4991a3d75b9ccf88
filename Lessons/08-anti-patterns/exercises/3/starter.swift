import AntiPatternsLesson
import Domain
import Foundation

/// Posts kept for later, each with the moment it may go out.
///
/// TODO: the queue reads the time from the Ambient Context `TimeProvider.current`, so nobody
/// can tell from outside that it needs a clock, and a test must change the clock for everybody
/// to test it. Give it `init(output:clock:)` and use that clock instead.
final class ScheduledPostQueue {
    private let output: any SocialPostOutput
    private var pending: [(text: String, due: Date)] = []

    init(output: any SocialPostOutput) {
        self.output = output
    }

    /// Keeps `text` until `delay` seconds from now have passed.
    func schedule(_ text: String, after delay: TimeInterval) {
        pending.append((text, TimeProvider.current.now().addingTimeInterval(delay)))
    }

    /// Posts every text whose time has come, in the order they were scheduled, stamped with
    /// the time they went out; returns how many went out.
    @discardableResult
    func publishDue() throws -> Int {
        let now = TimeProvider.current.now()
        let due = pending.filter { $0.due <= now }
        pending.removeAll { $0.due <= now }
        for item in due {
            try output.post("\(item.text) (\(now.utcStamp))")
        }
        return due.count
    }
}
