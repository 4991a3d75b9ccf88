import DojoCatalog
import DojoCore
@testable import ExerciseChecking
import DojoTestSupport
import Foundation
import TestHostProtocol
import Testing

/// The program that runs the checks warms up while the learner's code compiles (see `WarmUp`
/// in `didojo-test-host`): it finds the lesson library's part of it by its C name, and leaves
/// nothing behind that a check could see.
@Suite(.serialized) struct TestHostWarmUpTests {
    let folder: TemporaryFolder
    let fileSystem = LocalFileSystem()

    init() throws {
        folder = try TemporaryFolder("warm-up")
    }

    @Test func theLessonLibraryExportsTheWarmUpTheProgramCalls() throws {
        let products = try BuildProducts.beside(executable: RealChecker.buildFolder.appendingPathComponent("didojo"), fileSystem: fileSystem)
        let library = products.libraryFolder.appendingPathComponent("lib\(BuildProducts.libraryName).so")
        let swiftc = try Toolchain.find(environment: ProcessInfo.processInfo.environment, fileSystem: fileSystem).swiftc
        let nm = swiftc.resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent("llvm-nm")
        let process = Process()
        process.executableURL = nm
        process.arguments = ["--dynamic", "--defined-only", "--format=just-symbols", library.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let symbols = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).split(separator: "\n")
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(symbols.contains { $0 == TestHostProtocol.domainWarmUpSymbol }, "\(library.path) does not export \(TestHostProtocol.domainWarmUpSymbol)")
    }

    @Test func theWarmUpLeavesNoFileAndPrintsNothing() async throws {
        let arithmetic = try RedTeamCorpus.arithmetic(in: folder.url)
        // The warm-up asks where the standard timeline is, and codes a post as it would be
        // kept there: the run's folder must still hold no timeline once the checks run.
        let report = try await RealChecker.check("""
            import Foundation
            func double(_ value: Int) -> Int {
                let here = (try? FileManager.default.contentsOfDirectory(atPath: ".")) ?? ["unreadable"]
                print("timelines here: \\(here.filter { $0.contains("timeline") || $0 == "unreadable" })")
                return value * 2
            }
            """, as: arithmetic, in: folder.url)
        #expect(report.outcome == .passed, "\(report.diagnostics) \(report.output)")
        #expect(report.output == "timelines here: []\ntimelines here: []")
    }
}
