import DojoTestSupport
import Foundation
import Testing

/// `didojo class serve` without `--store`, started in a checkout as the README says: the class
/// file (it holds the teacher's token) goes to the user's data folder, for them alone, never
/// into the folder it was started in.
@Suite struct DefaultStoreTests {
    /// Starts the real server in `folder` with `environment`, waits for its banner, kills it:
    /// the banner's text.
    static func banner(in folder: URL, environment: [String: String]) async throws -> String {
        let process = SpawnedProcess()
        process.executableURL = ClassServerProcess.executable
        process.arguments = ["serve", "--port", "0", "--lessons", Didojo.lessonsFolder.path]
        process.currentDirectoryURL = folder
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = FileHandle.nullDevice
        try process.run()
        defer {
            // SIGKILL: a process started from a test's thread inherits its blocked SIGTERM.
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        return try await onThreadOfItsOwn {
            var text = ""
            let deadline = Date().addingTimeInterval(120)
            while Date() < deadline, !text.contains("Ctrl-C stops the server") {
                guard let data = pipe.fileHandleForReading.availableData(before: deadline), !data.isEmpty else { break }
                text += String(decoding: data, as: UTF8.self)
            }
            return text
        }
    }

    static func mode(_ path: String) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    @Test func withoutStoreTheClassIsKeptInTheDataFolderNotTheCheckout() async throws {
        let root = try TemporaryFolder("class-default-store")
        let home = root.url.appendingPathComponent("home")
        let checkout = root.url.appendingPathComponent("checkout")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: checkout, withIntermediateDirectories: true)
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"

        // HOME alone: ~/.local/share/didojo.
        let byHome = try await Self.banner(in: checkout, environment: ["HOME": home.path, "PATH": path])
        let homeFile = home.appendingPathComponent(".local/share/didojo/didojo-class.sqlite")
        #expect(byHome.contains("kept in \(homeFile.path)"), "\(byHome.prefix(600))")
        #expect(FileManager.default.fileExists(atPath: homeFile.path))
        #expect(try Self.mode(homeFile.path) == 0o600, "the class file is the teacher's alone")
        #expect(try Self.mode(homeFile.deletingLastPathComponent().path) == 0o700, "and its folder")

        // XDG_DATA_HOME wins when set.
        let data = root.url.appendingPathComponent("xdg-data")
        let byXDG = try await Self.banner(in: checkout, environment: ["HOME": home.path, "XDG_DATA_HOME": data.path, "PATH": path])
        let dataFile = data.appendingPathComponent("didojo/didojo-class.sqlite")
        #expect(byXDG.contains("kept in \(dataFile.path)"), "\(byXDG.prefix(600))")
        #expect(FileManager.default.fileExists(atPath: dataFile.path))

        #expect(try FileManager.default.contentsOfDirectory(atPath: checkout.path).isEmpty, "nothing in the folder it was started in")
    }
}
