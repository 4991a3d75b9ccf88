import DojoCatalog
import DojoCore
@testable import ExerciseChecking
import DojoTestSupport
import Foundation
import Testing

/// A check's two small libraries leave the symbols of the big ones to be found in the program
/// that runs the checks (see `LeanLibraryLink`): the program must have loaded every library
/// `CompileStep.programLibraries` names, and a library it has not loaded must still be named.
@Suite(.serialized) struct ProgramLibrariesTests {
    let folder: TemporaryFolder
    let fileSystem = LocalFileSystem()
    let arithmetic: Exercise

    init() throws {
        folder = try TemporaryFolder("program-libraries")
        arithmetic = try RedTeamCorpus.arithmetic(in: folder.url)
    }

    @Test func theProgramLoadsEveryLibraryTheChecksLeaveToIt() async throws {
        let report = try await RealChecker.check("func double(_ value: Int) -> Int { value * 2 }\n", as: arithmetic, in: folder.url)
        #expect(report.outcome == .passed)
        // The program as the build made it; it loads the lesson library itself as it starts.
        let products = try BuildProducts.beside(executable: RealChecker.buildFolder.appendingPathComponent("didojo"), fileSystem: fileSystem)
        let needed = try librariesNeeded(by: products.testHost)
        // glibc 2.34 and later keep these in libc.so.6 itself.
        let inTheCLibrary: Set<String> = ["pthread", "util", "dl", "rt"]
        for library in CompileStep.programLibraries.sorted() {
            let loaded = needed.contains { $0.hasPrefix("lib\(library).so") }
                || (inTheCLibrary.contains(library) && needed.contains("libc.so.6"))
            #expect(loaded, "the program that runs the checks does not load lib\(library).so: \(needed.sorted())")
        }
    }

    @Test func aLibraryTheProgramHasNotLoadedIsLoadedWithTheChecks() async throws {
        // FoundationNetworking is no library of the program's: the learner's import brings it.
        let report = try await RealChecker.check("""
            import Foundation
            import FoundationNetworking
            func double(_ value: Int) -> Int {
                let request = URLRequest(url: URL(fileURLWithPath: "/\\(value)"))
                return request.url == nil ? 0 : value * 2
            }
            """, as: arithmetic, in: folder.url)
        #expect(report.outcome == .passed, "\(report.diagnostics) \(report.output)")
    }

    /// The libraries an ELF file names as needed, as the toolchain's `llvm-objdump` reads them.
    private func librariesNeeded(by file: URL) throws -> [String] {
        let swiftc = try Toolchain.find(environment: ProcessInfo.processInfo.environment, fileSystem: fileSystem).swiftc
        let objdump = swiftc.resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent("llvm-objdump")
        let process = SpawnedProcess()
        process.executableURL = objdump
        process.arguments = ["-p", file.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return text.split(separator: "\n").compactMap { line in
            let words = line.split(separator: " ")
            return words.first == "NEEDED" && words.count == 2 ? String(words[1]) : nil
        }
    }
}
