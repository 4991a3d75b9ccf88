/// A launcher that records in a ``PhaseTrace`` when each child it runs starts and ends, and
/// leaves the running to the launcher it decorates.
///
/// A child is named by its program and what it writes (`swift-frontend Exercise.o`,
/// `ld.lld libExerciseChecks.so`), which tells a check's steps apart in a trace.
package struct TracingLauncher: ProcessLaunching {
    private let launcher: any ProcessLaunching
    private let trace: PhaseTrace

    package init(_ launcher: any ProcessLaunching, trace: PhaseTrace) {
        self.launcher = launcher
        self.trace = trace
    }

    package func run(_ request: ChildProcessRequest) async throws -> ChildProcessResult {
        let name = Self.name(of: request)
        trace.mark("start \(name)")
        let result = try await launcher.run(request)
        trace.mark("end \(name)")
        return result
    }

    /// The program's file name, and the file name of its `-o` output when it has one.
    static func name(of request: ChildProcessRequest) -> String {
        let program = request.executable.split(separator: "/").last.map(String.init) ?? request.executable
        guard let flag = request.arguments.lastIndex(of: "-o"), flag + 1 < request.arguments.count else { return program }
        let output = request.arguments[flag + 1].split(separator: "/").last.map(String.init) ?? ""
        return "\(program) \(output)"
    }
}
