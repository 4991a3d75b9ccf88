import DojoCore
import DojoTestSupport
import Foundation
import Glibc
import Testing

/// `LocalFileSystem.withExclusiveLock` on the real kernel lock (`flock`): a writer waits for
/// the one that holds it, then goes on.
@Suite struct LocalFileSystemLockTests {
    @Test func aWriterWaitsForTheHolderToLetGo() throws {
        let folder = try TemporaryFolder("lock-wait")
        let lockFile = folder.url.appendingPathComponent("progress.lock")
        // Another open file description holds the lock, as another process would.
        let holder = open(lockFile.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        try #require(holder >= 0)
        try #require(flock(holder, LOCK_EX | LOCK_NB) == 0)
        let holdFor = 0.3
        let letGo = Thread {
            Thread.sleep(forTimeInterval: holdFor)
            close(holder)
        }
        letGo.start()
        let started = Date()
        let answer = try LocalFileSystem().withExclusiveLock(on: lockFile) { "ran" }
        #expect(answer == "ran")
        #expect(Date().timeIntervalSince(started) >= holdFor * 0.9, "went on while the lock was still held")
    }
}
