import DojoCatalog
import DojoCore
import DojoTestSupport
import DojoWorkspace
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
import Synchronization
#endif

/// The workspace under stress, with the real binary: only the real thing can be killed
/// mid-save, hold a kernel lock, or hit a file-size limit. Nothing saved may be lost or
/// corrupted, and every message says what to do.
@Suite struct WorkspaceFaultTests {
    /// Only tells "stopped" from "hung"; generous for a loaded CI machine.
    static let hangBound: Duration = .seconds(300)

    /// A didojo whose messages wrap at the widest width, so that no path is broken in two.
    func makeDidojo() throws -> Didojo {
        var didojo = try Didojo()
        didojo.columns = 100
        return didojo
    }

    /// `text` with every run of spaces and line breaks as one space: messages wrap.
    func unwrapped(_ text: String) -> String {
        text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    func progress(of didojo: Didojo) throws -> ProgressStore.Loaded {
        try ProgressStore(
            file: didojo.workspace.appendingPathComponent(".didojo/progress.json"), fileSystem: LocalFileSystem(),
            timeSource: SystemTimeSource()
        ).read()
    }

    // MARK: Killed mid-save

    /// `next` and `prev` each save the page, and each prints it ("no-di · page 3 of 6"). The
    /// shell is killed at a different moment each round, mostly in the middle of the stream of
    /// saves; the file left behind must be whole, and hold either the last page shown or the
    /// one after it (saved, but killed before it was printed).
    @Test func sigkillDuringProgressSavesLeavesAWholeFileLosingAtMostTheLastChange() async throws {
        let didojo = try makeDidojo()
        _ = try await didojo.run([], input: "quit\n")
        let lesson = try #require(LessonCatalog.load(from: Didojo.lessonsFolder, fileSystem: LocalFileSystem()).lesson(id: "no-di"))
        let turn = lesson.pages.count - 1
        let cycle = Array(repeating: "next", count: turn) + Array(repeating: "prev", count: turn)
        let script = (["open no-di"] + Array(repeating: cycle, count: 600).flatMap { $0 }).joined(separator: "\n") + "\n"

        let file = didojo.workspace.appendingPathComponent(".didojo/progress.json")
        var killedMidStream = 0
        for round in 0..<10 {
            // Killed a little later each round after its first save, however slowly it started.
            try? FileManager.default.removeItem(at: file)
            let killer = KillAfterFirstSave(file: file, delay: .milliseconds(25 + 60 * round))
            let result = try await didojo.run([], inputBytes: Data(script.utf8), timeout: Self.hangBound) {
                killer.shouldKill()
            }
            let loaded = try progress(of: didojo)
            #expect(loaded.warning == nil, "round \(round): the progress file was corrupt after SIGKILL")
            let shownPages = result.standardOutput.matches(of: /no-di · page (\d+) of/).compactMap { Int($0.output.1) }
            // Output past the cap is dropped: the last page shown would not be the last printed.
            guard result.cancelled, result.droppedOutputBytes == 0, let lastShown = shownPages.last else { continue }
            killedMidStream += 1
            #expect(loaded.progress.currentLessonID == "no-di")
            #expect(abs(loaded.progress.currentPage - (lastShown - 1)) <= 1, "round \(round): page \(lastShown) was shown last, but page \(loaded.progress.currentPage + 1) was saved")
        }
        // The property means something only if some kills landed among the saves.
        #expect(killedMidStream > 0, "no round was killed while saving")
    }

    // MARK: Two at once

    @Test func aSecondShellOnTheSameWorkspaceIsToldWhoHoldsItAndStops() async throws {
        let didojo = try makeDidojo()
        _ = try await didojo.run([], input: "quit\n")
        let stopFirst = Flag()
        let first = Task {
            try await didojo.run([], inputBytes: Data("open no-di\nhint no-di.1\n".utf8), keepInputOpen: true, timeout: Self.hangBound) {
                stopFirst.isSet
            }
        }
        defer { stopFirst.set() }
        // The first shell has taken the lock once its hint is saved.
        let deadline = ContinuousClock.now + Self.hangBound
        while (try? progress(of: didojo))?.progress.exercise("no-di.1").hintsShown == 0, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(100))
        }

        let second = try await didojo.run([], input: "open cake\nhint cake.1\n")
        #expect(second.termination == .exited(2))
        #expect(unwrapped(second.standardError).contains("Another didojo shell is already open on the workspace at \(didojo.workspace.path) (a didojo shell, process "))
        #expect(unwrapped(second.standardError).contains("Carry on in the other one, or quit it and start again"))

        // A check is no shell: it works beside the open one, and its attempt is kept.
        let check = try await didojo.run(["check", "no-di.1"])
        #expect(check.termination == .exited(1), "the starter fails its checks: \(check.standardError)")
        // Reading is always safe.
        let list = try await didojo.run(["list"])
        #expect(list.termination == .exited(0))

        stopFirst.set()
        let firstResult = try await first.value
        #expect(firstResult.cancelled)
        let saved = try progress(of: didojo).progress
        #expect(saved.exercise("no-di.1").hintsShown == 1)
        #expect(saved.exercise("cake.1").hintsShown == 0)
        // The first shell was killed, not quit: the kernel released its lock all the same.
        let third = try await didojo.run([], input: "progress\n")
        #expect(third.termination == .exited(0))
        #expect(third.standardOutput.contains("no-di: 0/3 passed, 1 attempt, 1 hint used"))
    }

    // MARK: Nowhere to write

    /// RLIMIT_FSIZE 0: every write to a file fails, as on a full disk.
    @Test func aFullDiskLosesNoSavedProgressAndTheShellCarriesOn() async throws {
        let didojo = try makeDidojo()
        _ = try await didojo.run([], input: "open no-di\nhint no-di.1\n")
        let file = didojo.workspace.appendingPathComponent(".didojo/progress.json")
        let saved = try Data(contentsOf: file)

        let result = try await didojo.run([], inputBytes: Data("hint no-di.1\nopen cake\nprogress\n".utf8), fileSizeLimit: 0, timeout: Self.hangBound)
        #expect(result.termination == .exited(0), "the shell did not survive the full disk: \(result.termination)")
        #expect(unwrapped(result.standardOutput).contains("Could not save your progress to \(file.path): "))
        #expect(unwrapped(result.standardOutput).contains("Check that the folder is writable and the disk is not full"))
        #expect(result.standardOutput.contains("Hint 2 of"))
        #expect(result.standardOutput.contains("exercises passed"))
        #expect(try Data(contentsOf: file) == saved, "the saved progress changed")
    }

    /// Root writes to any folder whatever its mode (the tests run as root), and a read-only
    /// mount needs privileges CI does not have: a file where the `.didojo` folder should be
    /// stops every write of the shell's own state just the same.
    @Test func aWorkspaceWhoseStateCannotBeWrittenStillWorks() async throws {
        let didojo = try makeDidojo()
        _ = try await didojo.run([], input: "quit\n")
        let state = didojo.workspace.appendingPathComponent(".didojo")
        try FileManager.default.removeItem(at: state)
        try "not a folder".write(to: state, atomically: false, encoding: .utf8)
        let exercise = didojo.workspace.appendingPathComponent("no-di/1/SocialPresenter.swift")
        let before = try Data(contentsOf: exercise)

        let result = try await didojo.run([], input: "open no-di\nhint no-di.1\nprogress\n", timeout: Self.hangBound)
        #expect(result.termination == .exited(0))
        #expect(unwrapped(result.standardError).contains("Could not lock the workspace"))
        #expect(unwrapped(result.standardOutput).contains("Could not save your progress to \(state.path)/progress.json: "))
        #expect(result.standardOutput.contains("Hint 1 of"))
        #expect(result.standardOutput.contains("exercises passed"))
        #expect(try String(contentsOf: state, encoding: .utf8) == "not a folder")
        #expect(try Data(contentsOf: exercise) == before)
    }
}

/// A flag one task sets and another polls.
private final class Flag: Sendable {
    private let value = Atomic(false)

    var isSet: Bool { value.load(ordering: .sequentiallyConsistent) }
    func set() { value.store(true, ordering: .sequentiallyConsistent) }
}

/// Says "kill" once `delay` has passed since `file` first appeared.
private final class KillAfterFirstSave: Sendable {
    private let file: URL
    private let delay: Duration
    private let firstSeen = Mutex<ContinuousClock.Instant?>(nil)

    init(file: URL, delay: Duration) {
        self.file = file
        self.delay = delay
    }

    func shouldKill() -> Bool {
        firstSeen.withLock { firstSeen in
            if firstSeen == nil, FileManager.default.fileExists(atPath: file.path) {
                firstSeen = .now
            }
            return firstSeen.map { ContinuousClock.now >= $0 + delay } ?? false
        }
    }
}
