import Foundation

/// The tests' own Swift files, for tests that hold every one of them to a rule (how programs
/// are started, where temporary files go). The fault-injection fixtures are left out: they are a
/// learner's code, run by the checker in a process of its own.
package enum TestSources {
    /// Every Swift file under Tests/, found from `testFile`, the `#filePath` of a test in one of
    /// its targets.
    package static func files(from testFile: String = #filePath) throws -> [URL] {
        let tests = URL(fileURLWithPath: testFile).deletingLastPathComponent().deletingLastPathComponent()
        guard let enumerator = FileManager.default.enumerator(at: tests, includingPropertiesForKeys: nil) else {
            throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: tests.path])
        }
        return enumerator.compactMap { $0 as? URL }
            .filter { $0.pathExtension == "swift" && !$0.path.contains("/Fixtures/") }
    }

    /// Those of `files` with a line of code (not a comment) that `offends`, but for the files
    /// named in `exempt`.
    package static func offenders(
        among files: [URL], exempt: Set<String> = [], _ offends: (Substring) -> Bool
    ) throws -> [URL] {
        try files.filter { file in
            guard !exempt.contains(file.lastPathComponent) else { return false }
            return try String(contentsOf: file, encoding: .utf8).split(separator: "\n").contains { line in
                !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") && offends(line)
            }
        }
    }
}
