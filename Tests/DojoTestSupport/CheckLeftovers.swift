import Foundation

/// What a stopped check left in the temporary folder it was given: its files (named
/// `didojo-*`), and the processes still working in them. The stop-signal tests expect none.
package struct CheckLeftovers {
    /// Names under the folder that start with `didojo-`.
    package let files: [String]
    /// Live processes whose working folder is under the folder, as "PID command", after up to 5 s.
    package let processes: [String]

    /// Looks at `folder` once the check has ended.
    package static func after(in folder: URL) async throws -> CheckLeftovers {
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("didojo-") }
        let processes = try await ProcessWatch.waitUntilNoneWorks(under: folder.path)
        return CheckLeftovers(files: files, processes: processes)
    }
}
