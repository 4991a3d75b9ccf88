import DojoCatalog
import DojoCore
import DojoGrading
import DojoTestSupport
import ExerciseChecking
import Foundation

/// The learners' files of `RedTeamCorpusTests`: each a wrong `double` (it returns its argument,
/// so both checks of the arithmetic lesson fail honestly) that tries to pass all the same.
enum RedTeamCorpus {
    typealias Technique = RedTeamCorpusTests.Technique

    /// The arithmetic lesson of the tests, written into `folder`.
    static func arithmetic(in folder: URL) throws -> Exercise {
        let catalog = try LessonFixture.catalog(of: [.arithmetic()], in: folder, fileSystem: LocalFileSystem())
        guard let exercise = catalog.exercise(id: "arithmetic.1") else { throw CocoaError(.fileNoSuchFile) }
        return exercise
    }

    /// Checks `source` for `exercise` with the real checker, keeping its caches in `folder`.
    static func check(_ source: String, as exercise: Exercise, in folder: URL, settings: CheckSettings) async throws -> CheckReport {
        let file = folder.appendingPathComponent("learner/\(exercise.fileName)")
        try LocalFileSystem().write(source, to: file)
        var settings = settings
        settings.timeout = .seconds(30)
        return try await RealChecker.make(
            settings: settings, cacheFolder: folder.appendingPathComponent("caches"), scratch: folder.appendingPathComponent("scratch")
        ).check(exercise, source: file)
    }

    /// The names of the two checks, as the reporter and the results file spell them.
    static let testNames = #"["DoublerChecks.testDoublesTwo", "DoublerChecks.testDoublesZero"]"#

    /// The issue's attack: XCTest's observers walked with Mirror to the results reporter, which
    /// is then told that both checks started and finished (on test cases made here, named as
    /// the checks are) and that the run ended; then, if `thenExit`, the program ends at once.
    static func observerForgery(thenExit: Bool) -> String {
        """
        import Foundation
        import XCTest

        final class ForgedCase: XCTestCase {}

        func double(_ value: Int) -> Int {
            forgeThroughTheObserver()
            return value
        }

        func forgeThroughTheObserver() {
            var reporters: [XCTestObservation] = []
            var seen = Set<ObjectIdentifier>()
            func walk(_ value: Any, depth: Int) {
                guard depth < 10 else { return }
                if let observer = value as? XCTestObservation,
                   String(describing: type(of: observer)).hasSuffix("ResultReporter"),
                   seen.insert(ObjectIdentifier(observer as AnyObject)).inserted {
                    reporters.append(observer)
                }
                var mirror: Mirror? = Mirror(reflecting: value)
                while let current = mirror {
                    for child in current.children { walk(child.value, depth: depth + 1) }
                    mirror = current.superclassMirror
                }
            }
            walk(XCTestObservationCenter.shared, depth: 0)
            print("reporters found: \\(reporters.count)")
            for reporter in reporters {
                for test in \(testNames) {
                    let fake = ForgedCase(name: test, testClosure: { _ in })
                    reporter.testCaseWillStart(fake)
                    reporter.testCaseDidFinish(fake)
                }
                reporter.testBundleDidFinish(Bundle.main)
            }
            \(thenExit ? "exit(0)" : "")
        }
        """
    }

    /// The checks' entry point, found by its C name and called again with made-up secrets.
    static let entryPointCalledAgain = """
        import Foundation
        import XCTest

        @_silgen_name("didojo_checks")
        func theChecks() -> UnsafeMutableRawPointer

        func double(_ value: Int) -> Int {
            print("called the entry point")
            // The list of checks, run again by XCTest's own runner under the real reporter.
            let list = Unmanaged<AnyObject>.fromOpaque(theChecks()).takeRetainedValue()
            if let (all, _) = list as? ([(String, XCTestCaseEntry)], [String: ObjectIdentifier]) {
                XCTMain(all.map { $0.1 }, arguments: CommandLine.arguments, observers: [])
            }
            return value
        }
        """

    static let techniques: [Technique] = [
        Technique(name: "the reporter reached through XCTest's observers, then exit(0)", source: observerForgery(thenExit: true), refusedByTheAudit: true),
        Technique(name: "the reporter reached through XCTest's observers", source: observerForgery(thenExit: false), refusedByTheAudit: true),
        Technique(name: "the entry point called again by its symbol", source: entryPointCalledAgain, refusedByTheAudit: true),
        Technique(name: "the entry point found with dlsym", source: """
            import Foundation
            func double(_ value: Int) -> Int {
                if let entry = dlsym(dlopen(nil, RTLD_NOW), "didojo_checks") { print(entry) }
                return value
            }
            """, refusedByTheAudit: true),
        Technique(name: "XCTest's classes found by name", source: """
            import Foundation
            func double(_ value: Int) -> Int {
                print(NSClassFromString("XCTest.XCTestObservationCenter") as Any)
                print(_typeByName("6XCTest0A17ObservationCenterC") as Any)
                return value
            }
            """, refusedByTheAudit: true),
        Technique(name: "a closure's memory read through unsafeBitCast", source: """
            func double(_ value: Int) -> Int {
                let bits = unsafeBitCast(value, to: UInt.self)
                return Int(bits)
            }
            """, refusedByTheAudit: true),
        Technique(name: "a passing summary printed, then exit(0)", source: """
            import Foundation
            func double(_ value: Int) -> Int {
                print("Test Suite 'All tests' passed at 2026-11-26 10:00:00.000")
                print("\\t Executed 2 tests, with 0 failures (0 unexpected) in 0.001 (0.001) seconds")
                exit(0)
            }
            """, refusedByTheAudit: false),
        Technique(name: "passing events written into the results file without secrets", source: """
            import Foundation
            func double(_ value: Int) -> Int {
                let here = FileManager.default.currentDirectoryPath
                var forged = ""
                for test in \(testNames) {
                    forged += #"{"event":"start","test":"\\#(test)"}"# + "\\n"
                    forged += #"{"event":"finish","test":"\\#(test)"}"# + "\\n"
                }
                forged += #"{"event":"done"}"# + "\\n"
                for name in (try? FileManager.default.contentsOfDirectory(atPath: here)) ?? [] where name.hasSuffix(".jsonl") {
                    FileManager.default.createFile(atPath: here + "/" + name, contents: Data(forged.utf8))
                }
                exit(0)
            }
            """, refusedByTheAudit: false),
        Technique(name: "the secrets already written copied onto the events a pass needs", source: """
            import Foundation
            func double(_ value: Int) -> Int {
                let here = FileManager.default.currentDirectoryPath
                for name in (try? FileManager.default.contentsOfDirectory(atPath: here)) ?? [] where name.hasSuffix(".jsonl") {
                    let path = here + "/" + name
                    let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
                    let secrets = text.split(separator: "\\"").map(String.init).filter { $0.count >= 24 && $0.allSatisfy(\\.isHexDigit) }
                    var forged = text
                    for secret in secrets {
                        for test in \(testNames) {
                            for event in ["finish", "done"] {
                                forged += #"{"event":"\\#(event)","test":"\\#(test)","token":"\\#(secret)"}"# + "\\n"
                            }
                        }
                    }
                    FileManager.default.createFile(atPath: path, contents: Data(forged.utf8))
                }
                exit(0)
            }
            """, refusedByTheAudit: false),
        Technique(name: "the failures taken out of the results file as they are written", source: """
            import Foundation
            let eraser: Void = {
                Thread.detachNewThread {
                    let here = FileManager.default.currentDirectoryPath
                    while true {
                        for name in (try? FileManager.default.contentsOfDirectory(atPath: here)) ?? [] where name.hasSuffix(".jsonl") {
                            let path = here + "/" + name
                            let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
                            let kept = text.split(separator: "\\n").filter { !$0.contains("failure") }.joined(separator: "\\n")
                            if kept.count + 1 < text.count { try? (kept + "\\n").write(toFile: path, atomically: false, encoding: .utf8) }
                        }
                        usleep(200)
                    }
                }
            }()
            func double(_ value: Int) -> Int {
                _ = eraser
                return value
            }
            """, refusedByTheAudit: false),
        Technique(name: "exit(0) from another thread while the checks run", source: """
            import Foundation
            func double(_ value: Int) -> Int {
                Thread.detachNewThread { usleep(2_000); exit(0) }
                usleep(20_000)
                return value
            }
            """, refusedByTheAudit: false),
        Technique(name: "every descriptor past the standard ones closed", source: """
            import Foundation
            func double(_ value: Int) -> Int {
                for descriptor in 3..<1024 { close(Int32(descriptor)) }
                return value
            }
            """, refusedByTheAudit: false),
        Technique(name: "the results file's descriptor pointed at /dev/null", source: """
            import Foundation
            func double(_ value: Int) -> Int {
                let null = open("/dev/null", O_WRONLY)
                for descriptor in 3..<1024 where descriptor != Int(null) { dup2(null, Int32(descriptor)) }
                return value
            }
            """, refusedByTheAudit: false),
        Technique(name: "the checker's reaper killed", source: """
            import Foundation
            func double(_ value: Int) -> Int {
                kill(getppid(), SIGKILL)
                usleep(100_000)
                return value
            }
            """, refusedByTheAudit: false),
        Technique(name: "the secrets looked for in the environment", source: """
            import Foundation
            func double(_ value: Int) -> Int {
                let environment = ProcessInfo.processInfo.environment
                let kept = FileManager.default.contents(atPath: "/pr" + "oc/self/environ") ?? Data()
                let text = environment.values.joined(separator: " ") + String(decoding: kept, as: UTF8.self)
                let secrets = text.split(whereSeparator: { !$0.isHexDigit }).map(String.init).filter { $0.count >= 24 }
                print("secrets found: \\(secrets.count)")
                let here = FileManager.default.currentDirectoryPath
                for name in (try? FileManager.default.contentsOfDirectory(atPath: here)) ?? [] where name.hasSuffix(".jsonl") {
                    var forged = ""
                    for secret in secrets { forged += #"{"event":"done","token":"\\#(secret)"}"# + "\\n" }
                    FileManager.default.createFile(atPath: here + "/" + name, contents: Data(forged.utf8))
                }
                exit(0)
            }
            """, refusedByTheAudit: false),
        Technique(name: "the program's own memory written through /proc", source: """
            import Foundation
            func double(_ value: Int) -> Int {
                if let memory = FileHandle(forWritingAtPath: "/pr" + "oc/self/mem") {
                    print("opened its own memory for writing: \\(memory)")
                }
                return value
            }
            """, refusedByTheAudit: false),
    ]
}
