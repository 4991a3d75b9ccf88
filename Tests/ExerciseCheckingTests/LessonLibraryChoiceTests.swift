import DojoCore
import DojoTestSupport
@testable import ExerciseChecking
import Foundation
import Testing

/// Which lesson library a check's program loads: the lean one (no swift-dependencies, so no
/// FoundationNetworking and its thirty system libraries) whenever the check's code imports
/// nothing only the whole library has; the whole one otherwise. Checked on the choice itself,
/// on the build's real libraries, and in real checks, whose code looks at what its own
/// process loaded.
@Suite(.serialized) struct LessonLibraryChoiceTests {
    let folder: TemporaryFolder
    let fileSystem = LocalFileSystem()

    init() throws {
        folder = try TemporaryFolder("library-choice")
    }

    @Test func everyNameAfterTheWordImportIsMentionedAndNoOther() {
        let source = """
            import Domain
            @testable import ConstructorInjection
            import struct Swinject.Container
            import
              /* a comment */ Dependencies // spread over lines, as Swift allows
            public import `Clocks`
            // import InAComment (more than imported is fine; fewer never)
            let reimport = 1; let importance = "import"
            """
        #expect(ImportDiscovery.mentionedModules(in: source)
            == ["Domain", "ConstructorInjection", "Swinject", "Dependencies", "Clocks", "InAComment"])
    }

    @Test func theLeanLibraryServesItsOwnModulesAndTheToolchainsButNoOtherModuleOfTheBuild() throws {
        let build = folder.url.appendingPathComponent("debug")
        try fileSystem.write("", to: build.appendingPathComponent("libDIDojoLessons.so"))
        try fileSystem.write("", to: build.appendingPathComponent("libDIDojoLessonsLean.so"))
        try fileSystem.write(
            ["Domain.build/Post.swift.o", "NoDI.build/SocialPresenter.swift.o", "Swinject.build/Container.swift.o"]
                .map { build.path + "/" + $0 }.joined(separator: "\n") + "\n",
            to: build.appendingPathComponent("DIDojoLessonsLean.product/Objects.LinkFileList"))
        for module in ["Domain", "NoDI", "Swinject", "Dependencies"] {
            try fileSystem.write("", to: build.appendingPathComponent("Modules/\(module).swiftmodule"))
        }
        let lean = try #require(LeanLessonLibrary.find(in: build, fileSystem: fileSystem))
        #expect(lean.modules == ["Domain", "NoDI", "Swinject"])
        let products = BuildProducts(
            modulesFolder: build.appendingPathComponent("Modules"), libraryFolder: build, leanLibrary: lean)

        #expect(products.library(forImports: ["Domain", "NoDI", "Foundation", "XCTest"], fileSystem: fileSystem) == lean.file)
        #expect(products.library(forImports: ["NoDI", "Dependencies"], fileSystem: fileSystem) == products.library)
        #expect(BuildProducts(modulesFolder: build, libraryFolder: build).library(forImports: ["NoDI"], fileSystem: fileSystem)
            == products.library, "without a lean library, the whole one")
        try fileSystem.removeItem(at: build.appendingPathComponent("DIDojoLessonsLean.product"))
        #expect(LeanLessonLibrary.find(in: build, fileSystem: fileSystem) == nil, "without SwiftPM's list, no lean library")
    }

    /// The build's own: found beside the products, holding the lessons that do not use
    /// swift-dependencies, and naming no FoundationNetworking among the libraries it needs.
    @Test func theBuildsLeanLibraryHoldsTheLessonsWithoutSwiftDependenciesAndNoNetworking() throws {
        let products = try BuildProducts.beside(executable: RealChecker.buildFolder.appendingPathComponent("didojo"), fileSystem: fileSystem)
        let lean = try #require(products.leanLibrary, "swift build builds DIDojoLessonsLean beside DIDojoLessons")
        #expect(lean.modules.isSuperset(of: ["Domain", "LessonSupport", "NoDI", "ConstructorInjection", "LifetimesLesson", "Swinject"]))
        #expect(lean.modules.isDisjoint(with: ["Dependencies", "DependencyValuesLesson", "AntiPatternsLesson", "ConcurrencyLesson"]))
        let needed = try Self.neededLibraries(of: lean.file)
        #expect(needed.contains("libswiftCore.so"), "the list was read: \(needed)")
        #expect(!needed.contains { $0.hasPrefix("libFoundationNetworking") }, "\(needed)")
    }

    /// The libraries `library` names as needed (`DT_NEEDED`), as binutils' `readelf` lists them.
    static func neededLibraries(of library: URL) throws -> [String] {
        let readelf = SpawnedProcess()
        readelf.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        readelf.arguments = ["readelf", "--dynamic", library.path]
        let output = Pipe()
        readelf.standardOutput = output
        try readelf.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        readelf.waitUntilExit()
        #expect(readelf.terminationStatus == 0, "readelf (binutils) lists the library's dynamic section")
        return text.split(separator: "\n").filter { $0.contains("(NEEDED)") }.compactMap { line in
            line.split(separator: "[").last?.split(separator: "]").first.map(String.init)
        }
    }

    /// Prints which lesson library the check's process has mapped, read from `/proc/self/maps`
    /// to its end (one `read` of a file of /proc returns a page at most).
    static let reportingWhatIsLoaded = """

        extension SocialPresenter {
            static let loaded: Void = {
                var maps: [UInt8] = []
                let descriptor = open("/proc/self/maps", O_RDONLY)
                var chunk = [UInt8](repeating: 0, count: 4096)
                while true {
                    let count = read(descriptor, &chunk, chunk.count)
                    if count <= 0 { break }
                    maps += chunk[0..<count]
                }
                close(descriptor)
                let text = String(decoding: maps, as: UTF8.self)
                print("lean library mapped: \\(text.contains("/libDIDojoLessonsLean.so"))")
                print("whole library mapped: \\(text.contains("/libDIDojoLessons.so"))")
            }()
        }

        """

    @Test func aCheckWhoseCodeImportsOnlyLeanModulesLoadsTheLeanLibrary() async throws {
        let report = try await loadedLibrariesReport()
        #expect(report.contains("lean library mapped: true\nwhole library mapped: false"), "\(report.prefix(300))")
    }

    @Test func aCheckWhoseCodeImportsSwiftDependenciesLoadsTheWholeLibrary() async throws {
        let report = try await loadedLibrariesReport(importing: "import Dependencies\n", using: "_ = withDependencies({ _ in }, operation: { 0 })")
        #expect(report.contains("lean library mapped: false\nwhole library mapped: true"), "\(report.prefix(300))")
    }

    /// The output of a no-di.1 check of its solution, with code that prints what the check's
    /// process loaded when the checks make their first presenter, importing and using more
    /// when asked.
    func loadedLibrariesReport(importing extraImport: String = "", using extraUse: String = "") async throws -> String {
        let exercise = try #require(RealChecker.repositoryLessons.exercise(id: "no-di.1"))
        var solution = try String(contentsOf: exercise.solution, encoding: .utf8)
        // Printed once, as the first presenter is made.
        solution = solution.replacingOccurrences(
            of: "init(network: SocialNetwork = .twitter) {",
            with: "init(network: SocialNetwork = .twitter) {\n        _ = Self.loaded\n        \(extraUse)")
        #expect(solution.contains("_ = Self.loaded"), "the solution's initializer was found")
        // The reach audit refuses code that names /proc; this code is the test's, not a learner's.
        var settings = CheckSettings()
        settings.refusesReach = false
        let file = folder.url.appendingPathComponent("learner/\(exercise.fileName)")
        try fileSystem.write("import Foundation\nimport Glibc\n" + extraImport + solution + Self.reportingWhatIsLoaded, to: file)
        let report = try await RealChecker.make(
            settings: settings, cacheFolder: folder.url.appendingPathComponent("caches"), scratch: folder.url.appendingPathComponent("scratch")
        ).check(exercise, source: file, phases: nil)
        #expect(report.passed, "\(report.outcome) \(report.diagnostics.map(\.message)) \(report.output.suffix(500))")
        return report.output
    }
}
