import ChildProcess
import DojoCore
import Foundation

/// Stands in for the compiler and the test program: answers each request as scripted, and
/// writes the test events the real program would, so the shell's `check` can be tested
/// without compiling anything.
///
/// It gives no plan when asked (`swiftc -###`), so the checker runs every step through
/// `swiftc`; the first compile step is the one a `compileError` or `hang` applies to.
public final class ScriptedLauncher: ProcessLaunching, @unchecked Sendable {
    public enum Behaviour: Sendable {
        /// Compiles, and every check passes.
        case pass
        /// Compiles; the named check fails with `message`.
        case failCheck(String, message: String)
        /// Does not compile: an error at `line` of the first source file.
        case compileError(line: Int, message: String)
        /// Compiles, then the program crashes with SIGILL during the first check.
        case crash(message: String)
        /// Compiling never ends until the run is cancelled.
        case hang
    }

    // Guarded by `lock`, which makes the `@unchecked Sendable` safe.
    private let lock = NSLock()
    private var _behaviour: Behaviour
    private var _requests: [ChildProcessRequest] = []
    /// The tests each check's program would run, by the check's folder: read from the
    /// generated entry point when it is compiled, as the real compiler does.
    private var _programs: [String: [String]] = [:]
    private let fileSystem: any FileSystem

    public init(fileSystem: any FileSystem, behaviour: Behaviour = .pass) {
        self.fileSystem = fileSystem
        _behaviour = behaviour
    }

    public var behaviour: Behaviour {
        get { lock.withLock { _behaviour } }
        set { lock.withLock { _behaviour = newValue } }
    }

    public var requests: [ChildProcessRequest] { lock.withLock { _requests } }

    /// The compiles asked for, in order (not the questions for a plan).
    public var compileRequests: [ChildProcessRequest] {
        requests.filter { $0.executable.hasSuffix("swiftc") && $0.arguments.first != "-###" }
    }

    public func run(_ request: ChildProcessRequest, isCancelled: @escaping @Sendable () -> Bool) async throws -> ChildProcessResult {
        lock.withLock { _requests.append(request) }
        let behaviour = self.behaviour
        if request.executable.hasSuffix("swiftc") {
            if request.arguments.first == "-###" {
                return ChildProcessResult(termination: .exited(1), standardError: "the scripted compiler makes no plans\n")
            }
            try remember(compiling: request)
            guard request.arguments.contains(where: { $0.hasSuffix("/\(CompileStep.exerciseInterface)") }) else {
                return ChildProcessResult(termination: .exited(0))
            }
            switch behaviour {
            case .compileError(let line, let message):
                let source = request.arguments.first { $0.hasSuffix(".swift") } ?? "file.swift"
                return ChildProcessResult(termination: .exited(1), standardError: "\(source):\(line):5: error: \(message)\n")
            case .hang:
                while !isCancelled() { try await Task.sleep(for: .milliseconds(5)) }
                return ChildProcessResult(termination: .signaled(9), cancelled: true)
            default:
                return ChildProcessResult(termination: .exited(0))
            }
        }
        // The checker starts the program while it compiles; like the real one, it waits for
        // the gate, and the test list is known only once the checks have been compiled.
        if let gate = request.gate {
            while !gate.isOpen {
                if gate.isAbandoned || isCancelled() {
                    return ChildProcessResult(termination: .signaled(9), cancelled: true)
                }
                try await Task.sleep(for: .milliseconds(1))
            }
        }
        return try runProgram(request, behaviour: behaviour)
    }

    private func runProgram(_ request: ChildProcessRequest, behaviour: Behaviour) throws -> ChildProcessResult {
        // The program runs in the check's folder (it is built in a folder of its own inside).
        let folder = request.workingDirectory ?? URL(fileURLWithPath: request.executable).deletingLastPathComponent().path
        guard let tests = lock.withLock({ _programs[folder] }) else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: request.executable])
        }
        let tokens = ResultTokens(testNames: tests, environmentValue: request.environment[ResultTokens.variable] ?? "")
        var events: [String] = []
        func event(_ fields: [String: Any]) {
            var fields = fields
            fields["token"] = tokens.token(for: fields["event"] as? String ?? "", test: fields["test"] as? String) ?? ""
            let data = try! JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys])
            events.append(String(decoding: data, as: UTF8.self))
        }
        var termination = Termination.exited(0)
        var standardError = ""
        for (index, test) in tests.enumerated() {
            event(["event": "start", "test": test])
            if case .crash(let message) = behaviour, index == 0 {
                termination = .signaled(4)
                standardError = message + "\n"
                break
            }
            if case .failCheck(let name, let message) = behaviour, test.hasSuffix("." + name) {
                event(["event": "failure", "test": test, "message": "XCTAssertTrue failed - \(message)", "file": "Checks.swift", "line": 3])
                termination = .exited(1)
            }
            event(["event": "finish", "test": test])
        }
        if termination != .signaled(4) {
            event(["event": "done"])
        }
        let results = request.environment[TestMainGenerator.resultsVariable].map { URL(fileURLWithPath: $0) }
        if let results {
            try fileSystem.write(events.joined(separator: "\n") + "\n", to: results)
        }
        return ChildProcessResult(termination: termination, standardOutput: "printed by the learner\n", standardError: standardError)
    }

    private func remember(compiling request: ChildProcessRequest) throws {
        guard let mainPath = request.arguments.first(where: { $0.hasSuffix("/CheckEntry.swift") }) else { return }
        let main = try fileSystem.text(of: URL(fileURLWithPath: mainPath))
        let folder = URL(fileURLWithPath: mainPath).deletingLastPathComponent().path
        lock.withLock { _programs[folder] = Self.testNames(inGeneratedMain: main) }
    }

    /// `Class.testName` for each `("testName", Class.testName)` entry of a generated entry point.
    static func testNames(inGeneratedMain main: String) -> [String] {
        main.split(separator: "\n").compactMap { line in
            guard let open = line.range(of: "(\"test") else { return nil }
            let afterComma = line[open.upperBound...].split(separator: ",", maxSplits: 1)
            guard afterComma.count == 2 else { return nil }
            return afterComma[1].trimmingCharacters(in: .whitespaces)
                .replacingOccurrences(of: "asyncTest(", with: "")
                .trimmingCharacters(in: CharacterSet(charactersIn: "),"))
        }
    }
}

extension ScriptedLauncher {
    /// A checker that compiles and runs through this launcher, with made-up toolchain paths.
    public func checker() -> ExerciseChecker {
        ExerciseChecker(
            toolchain: Toolchain(swiftc: URL(fileURLWithPath: "/toolchain/swiftc")),
            products: BuildProducts(modulesFolder: URL(fileURLWithPath: "/build/Modules"), libraryFolder: URL(fileURLWithPath: "/build")),
            launcher: self, fileSystem: fileSystem, scratchFolder: URL(fileURLWithPath: "/tmp"),
            moduleCache: URL(fileURLWithPath: "/cache/module-cache"), stepCache: URL(fileURLWithPath: "/cache/compiled-steps"),
            environment: [:]
        )
    }
}
