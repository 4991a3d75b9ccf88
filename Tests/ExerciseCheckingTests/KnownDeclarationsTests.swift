import ChildProcess
import DojoCatalog
import DojoCore
import DojoTestSupport
@testable import ExerciseChecking
import Foundation
import Testing

/// The table behind "add `import Domain`" and "did you mean `FacebookClient`" is only as good
/// as its entries: each is proven here, by the real compiler, to be declared where it says.
@Suite struct KnownDeclarationsTests {
    /// A call for each known function (a generic function cannot be named without one).
    static let functionUses: [String: String] = [
        "XCTAssert": "XCTAssert(true)", "XCTAssertEqual": "XCTAssertEqual(1, 1)", "XCTAssertNotEqual": "XCTAssertNotEqual(1, 2)",
        "XCTAssertTrue": "XCTAssertTrue(true)", "XCTAssertFalse": "XCTAssertFalse(false)", "XCTAssertNil": "XCTAssertNil(nil as Int?)",
        "XCTAssertNotNil": "XCTAssertNotNil(1 as Int?)", "XCTAssertThrowsError": "XCTAssertThrowsError(try { () throws -> Int in 1 }())",
        "XCTAssertNoThrow": "XCTAssertNoThrow(try { () throws -> Int in 1 }())",
        "XCTAssertIdentical": "XCTAssertIdentical(nil as AnyObject?, nil as AnyObject?)",
        "XCTAssertNotIdentical": "XCTAssertNotIdentical(nil as AnyObject?, nil as AnyObject?)",
        "XCTAssertGreaterThan": "XCTAssertGreaterThan(2, 1)", "XCTAssertLessThan": "XCTAssertLessThan(1, 2)", "XCTFail": "XCTFail()",
        "XCTUnwrap": "_ = try? XCTUnwrap(1 as Int?)",
        "withDependencies": "withDependencies { _ in } operation: {}", "withEscapedDependencies": "withEscapedDependencies { _ in }",
        "prepareDependencies": "prepareDependencies { _ in }",
    ]

    /// Each module's names, used in a file that imports that module alone: types through a
    /// type alias, functions through a call. It must type-check.
    @Test(arguments: KnownDeclarations.modulesAndNames.map(\.module))
    func everyNameIsDeclaredInTheModuleItIsListedFor(_ module: String) async throws {
        let names = try #require(KnownDeclarations.modulesAndNames.first { $0.module == module }?.names)
        var lines = ["import \(module)"]
        var calls: [String] = []
        for (index, name) in names.enumerated() {
            if name.first?.isUppercase == true && !name.hasPrefix("XCTAssert") && !["XCTFail", "XCTUnwrap"].contains(name) {
                lines.append("typealias Known\(index) = \(name)")
            } else {
                calls.append(try #require(Self.functionUses[name], "no sample call for the function \(name)"))
            }
        }
        lines.append("func useKnownFunctions() {\n" + calls.map { "    " + $0 }.joined(separator: "\n") + "\n}")
        let result = try await Self.typeCheck(lines.joined(separator: "\n"))
        #expect(result.termination == .exited(0), "\(module) does not declare all its listed names:\n\(result.standardError)")
    }

    /// A name an exercise asks the learner to declare must not be in the table: its absence is
    /// then the learner's to fix, not an import.
    @Test func noExerciseDeclaresAKnownName() throws {
        let catalog = LessonCatalog.load(from: Didojo.lessonsFolder, fileSystem: LocalFileSystem())
        for exercise in catalog.allExercises {
            for file in [exercise.solution, exercise.starter] {
                let text = try String(contentsOf: file, encoding: .utf8)
                for (name, module) in KnownDeclarations.allNames {
                    let declaration = try Regex("\\b(class|struct|enum|protocol|actor|typealias|func)\\s+\(name)\\b")
                    #expect(!text.contains(declaration), "\(exercise.id) declares \(name), listed as \(module)'s")
                }
            }
        }
    }

    /// Each concrete type implements the protocol the table names for it.
    @Test func everyImplementationConformsToItsProtocol() async throws {
        let lines = ["import Domain"] + KnownDeclarations.protocolOfImplementation.sorted { $0.key < $1.key }.map { type, protocolName in
            "func accept\(type)(_ value: \(type)) -> any \(protocolName) { value }"
        }
        let result = try await Self.typeCheck(lines.joined(separator: "\n"))
        #expect(result.termination == .exited(0), "\(result.standardError)")
    }

    @Test func aNameIsFoundWithItsModule() {
        #expect(KnownDeclarations.module(declaring: "Date") == "Foundation")
        #expect(KnownDeclarations.module(declaring: "SocialPostOutput") == "Domain")
        #expect(KnownDeclarations.module(declaring: "SocialPresenter") == nil)
    }

    /// `swiftc -typecheck` of `source` against the lesson library the tests were built with.
    static func typeCheck(_ source: String) async throws -> ChildProcessResult {
        let folder = try TemporaryFolder("known-declarations")
        defer { folder.remove() }
        let file = folder.url.appendingPathComponent("Known.swift")
        try source.write(to: file, atomically: true, encoding: .utf8)
        let fileSystem = LocalFileSystem()
        let testProgram = URL(fileURLWithPath: try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
        let products = try BuildProducts.beside(executable: testProgram, fileSystem: fileSystem)
        let toolchain = try Toolchain.find(environment: ProcessInfo.processInfo.environment, fileSystem: fileSystem)
        let arguments = ["-typecheck", "-swift-version", "5", "-module-cache-path", RealChecker.sharedCacheFolder.appendingPathComponent("module-cache").path]
            + products.moduleFlags + [file.path]
        return try await ChildProcessLauncher(clock: ContinuousClock()).run(ChildProcessRequest(
            executable: toolchain.swiftc.path, arguments: arguments, environment: ProcessInfo.processInfo.environment,
            workingDirectory: folder.url.path, timeout: .seconds(300), outputLimit: 1 << 20
        ))
    }
}
