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
}
