import DojoTestSupport
import ExerciseChecking
import Foundation
import Testing

/// The learner's exercise file gone, or something else in its place. Through the shell, on
/// real files: whatever is at the path is kept, and the message says what to do.
@MainActor
@Suite struct ExerciseFileFaultTests {
    func makeShell() throws -> RealShell {
        var settings = CheckSettings()
        settings.timeout = .seconds(60)
        return try RealShell(settings: settings)
    }

    @Test func aDeletedFileIsReplacedByTheStarterAndChecked() async throws {
        let shell = try makeShell()
        let file = try shell.file(of: "no-di.1")
        try FileManager.default.removeItem(at: file)
        let printed = try await CheckGate.shared.run { @MainActor in await shell.type("check no-di.1") }
        #expect(printed.contains("Your file for no-di.1 was missing, so the starter was copied to \(file.path)."))
        // The starter does not post to Facebook yet: a real check ran, and failed.
        #expect(printed.contains("✗ no-di.1: "))
        let starter = Didojo.lessonsFolder.appendingPathComponent("01-no-di/exercises/1/starter.swift")
        #expect(try String(contentsOf: file, encoding: .utf8) == String(contentsOf: starter, encoding: .utf8))
        #expect(await shell.type("progress").contains("no-di: 0/3 passed, 1 attempt"))
    }

    @Test func aFolderInPlaceOfTheFileIsNamedAndKept() async throws {
        let shell = try makeShell()
        let file = try shell.file(of: "no-di.1")
        try FileManager.default.removeItem(at: file)
        try FileManager.default.createDirectory(at: file, withIntermediateDirectories: true)
        let kept = file.appendingPathComponent("notes.txt")
        try "my notes".write(to: kept, atomically: true, encoding: .utf8)

        for command in ["check no-di.1", "edit no-di.1"] {
            let printed = await shell.type(command)
            #expect(printed.contains("Your file for no-di.1 should be at \(file.path), but a folder is there."), "\(command): \(printed)")
        }
        #expect(try String(contentsOf: kept, encoding: .utf8) == "my notes")
        #expect(await shell.type("progress").contains("exercises passed"))
    }

    /// Root reads every file whatever its mode, and the tests run as root: a link to itself is
    /// the one file that no one can read.
    @Test func anUnreadableFileIsNamedAndKept() async throws {
        let shell = try makeShell()
        let file = try shell.file(of: "no-di.1")
        try FileManager.default.removeItem(at: file)
        try FileManager.default.createSymbolicLink(atPath: file.path, withDestinationPath: file.lastPathComponent)

        let printed = await shell.type("check no-di.1")
        #expect(printed.contains("Your file for no-di.1 at \(file.path) cannot be read, and the starter could not be put in its place"))
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: file.path) == file.lastPathComponent)
        #expect(await shell.type("progress").contains("no-di: 0/3 passed, 0 attempts"))
    }
}
