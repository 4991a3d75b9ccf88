import ChildProcess
import Foundation
import Synchronization

/// The real launcher, remembering every request: for tests that must see which compiler
/// steps really ran.
package final class RecordingLauncher: ProcessLaunching, Sendable {
    private let recorded = Mutex<[ChildProcessRequest]>([])
    private let launcher = ChildProcessLauncher(clock: ContinuousClock())

    package init() {}

    package var requests: [ChildProcessRequest] { recorded.withLock { $0 } }

    package func forget() { recorded.withLock { $0.removeAll() } }

    /// How many compiler processes built the module named `module`.
    package func compiles(ofModule module: String) -> Int {
        requests.filter { request in
            guard request.arguments.first != "-###", let index = request.arguments.firstIndex(of: "-module-name") else { return false }
            return request.arguments.dropFirst(index + 1).first == module
        }.count
    }

    /// How many processes (compiler or linker) wrote a file named `fileName`.
    package func runs(producing fileName: String) -> Int {
        requests.filter { request in
            guard request.arguments.first != "-###", let index = request.arguments.lastIndex(of: "-o"),
                  let output = request.arguments.dropFirst(index + 1).first else { return false }
            return URL(fileURLWithPath: output).lastPathComponent == fileName
        }.count
    }

    package func run(_ request: ChildProcessRequest) async throws -> ChildProcessResult {
        recorded.withLock { $0.append(request) }
        return try await launcher.run(request)
    }
}
