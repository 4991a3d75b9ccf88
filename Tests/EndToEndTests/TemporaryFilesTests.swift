import DojoTestSupport
import Foundation
import Testing

/// What a check writes in the temporary directory is gone when it is done, the first check
/// with empty caches included (the compiler driver, asked for its plans, left a folder each).
struct TemporaryFilesTests {
    @Test func aFirstCheckLeavesNothingInTheTemporaryDirectory() async throws {
        var didojo = try Didojo()
        let scratch = try TemporaryFolder("first-check-scratch")
        didojo.extraEnvironment["TMPDIR"] = scratch.url.path
        // A fresh home: empty caches, so every plan is asked of the driver.
        let result = try await didojo.run(["check", "constructor.4"])
        #expect(result.termination == .exited(1), "the starter's check should fail: \(result.standardOutput)")
        #expect(result.standardOutput.contains("constructor.4"))
        let left = try FileManager.default.contentsOfDirectory(atPath: scratch.url.path)
        #expect(left.isEmpty, "left in the temporary directory: \(left)")
    }
}
