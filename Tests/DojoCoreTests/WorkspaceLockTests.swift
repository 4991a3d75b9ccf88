import DojoCore
import DojoTestSupport
import DojoWorkspace
import Foundation
import Glibc
import Testing

/// The workspace lock on a real folder (it is the kernel's `flock`): the second taker is told
/// who holds it and since when.
@Suite struct WorkspaceLockTests {
    @Test func aSecondTakerIsToldWhoHoldsTheLockAndSinceWhenInUTC() throws {
        let folder = try TemporaryFolder("lock")
        defer { folder.remove() }
        let workspace = Workspace(root: folder.url, fileSystem: LocalFileSystem(), timeSource: FixedTimeSource())
        // 2016-06-18 09:30:45 UTC: the seconds are left out.
        let now = Date(timeIntervalSince1970: 1_466_208_000 + 9 * 3600 + 30 * 60 + 45)
        guard case .acquired(let first) = WorkspaceLock.acquire(for: workspace, purpose: "a didojo shell", now: now) else {
            Issue.record("the first taker should get the lock")
            return
        }
        defer { withExtendedLifetime(first) {} }
        guard case .heldBy(let holder) = WorkspaceLock.acquire(for: workspace, purpose: "didojo check no-di.1") else {
            Issue.record("the second taker should be refused")
            return
        }
        #expect(holder == "a didojo shell, process \(getpid()), started 2016-06-18 09:30 UTC")
    }

    @Test func theTimeIsTheUTCMinuteWhateverTheDateAndTheNoteIsTheLastTakersOnly() throws {
        let folder = try TemporaryFolder("lock")
        defer { folder.remove() }
        let workspace = Workspace(root: folder.url, fileSystem: LocalFileSystem(), timeSource: FixedTimeSource())
        // A leap day's last second, then a date before 2000, each taken after the other let go.
        let cases: [(purpose: String, date: Date, shown: String)] = [
            ("a didojo shell with a long name", Date(timeIntervalSince1970: 1_709_251_199.9), "2024-02-29 23:59 UTC"),
            ("x", Date(timeIntervalSince1970: 946_598_700), "1999-12-31 00:05 UTC"),
        ]
        for (purpose, date, shown) in cases {
            guard case .acquired(let held) = WorkspaceLock.acquire(for: workspace, purpose: purpose, now: date) else {
                Issue.record("the lock should be free")
                return
            }
            guard case .heldBy(let holder) = WorkspaceLock.acquire(for: workspace, purpose: "didojo check no-di.1") else {
                Issue.record("the second taker should be refused")
                return
            }
            #expect(holder == "\(purpose), process \(getpid()), started \(shown)")
            withExtendedLifetime(held) {}
        }
    }
}
