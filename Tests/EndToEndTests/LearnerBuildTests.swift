import DojoTestSupport
import Foundation
import Testing

/// The README's promise about `./start.sh`: a learner's build is a learner's build. It builds
/// what the shell runs, and nothing of the live class server's packages, whose first build
/// takes longer than all the rest (the teacher's `didojo class serve` builds them). Read from
/// start.sh's own list and from SwiftPM's graph of this checkout: no build is needed.
@Suite struct LearnerBuildTests {
    /// The class server's packages (identities): Hummingbird, swift-nio, swift-crypto,
    /// postgres-nio and GRDB.
    static let serverPackages: Set<String> = ["hummingbird", "swift-nio", "swift-crypto", "postgres-nio", "grdb.swift"]
    static let server = "didojo-class"

    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    /// Read once for both tests: SwiftPM takes seconds to load every package's manifest.
    static let graph = Result { try PackageManifestGraph.read(packageAt: repository) }

    /// The products start.sh builds: its `learner_products=(…)` line, which its build loop goes
    /// through (the test fails if that loop no longer does).
    static func startScriptProducts() throws -> [String] {
        let script = try String(contentsOf: repository.appendingPathComponent("start.sh"), encoding: .utf8)
        let lines = script.split(separator: "\n").filter { $0.hasPrefix("learner_products=(") }
        try #require(lines.count == 1, "start.sh should set learner_products=(…) on exactly one line")
        try #require(script.contains(#"for product in "${learner_products[@]}"; do"#)
            && script.contains(#"swift build --product "$product""#),
            "start.sh should build each of learner_products with swift build --product")
        return lines[0].dropFirst("learner_products=(".count).prefix { $0 != ")" }
            .split(separator: " ").map(String.init)
    }

    @Test(.timeLimit(.minutes(2)))
    func startScriptBuildsNoPackageOfTheClassServer() throws {
        let products = try Self.startScriptProducts()
        let graph = try Self.graph.get()
        for product in products {
            let needed = graph.packages(neededBy: product)
            #expect(needed.isDisjoint(with: Self.serverPackages),
                    "start.sh builds \(product), which needs the class server's \(needed.intersection(Self.serverPackages).sorted().joined(separator: ", "))")
        }
        // The same reading of the graph finds them where they are: in the class server.
        #expect(graph.packages(neededBy: Self.server).isSuperset(of: Self.serverPackages))
        // And what the learner's products do need: the macros' swift-syntax, lesson 6's Swinject.
        let learnerPackages = products.reduce(into: Set<String>()) { $0.formUnion(graph.packages(neededBy: $1)) }
        #expect(learnerPackages.isSuperset(of: ["swift-syntax", "swinject", "swift-dependencies", "yams"]))
    }

    /// Every product but the server is something the shell runs (didojo, its demos, the macro
    /// stand-in, the class courier) or compiles against (the lesson library): a new product
    /// has to be put on start.sh's list, or left off it, on purpose.
    @Test(.timeLimit(.minutes(2)))
    func startScriptBuildsEveryProductButTheClassServer() throws {
        let products = try Self.startScriptProducts()
        let graph = try Self.graph.get()
        #expect(products.count == Set(products).count, "start.sh lists a product twice: \(products)")
        #expect(Set(products) == Set(graph.products.keys).subtracting([Self.server]))
    }

    /// start.sh's `built_something`, run by bash on a long build log: it says yes without a
    /// word on standard error. (It once ended its pipe with `grep -q`, which stops at the first
    /// match: the first grep then wrote into a closed pipe, "grep: write error: Broken pipe"
    /// showed under the welcome, and under pipefail the answer was no.)
    @Test func startScriptSeesALongBuildAndSaysNothingAboutIt() throws {
        let script = try String(contentsOf: Self.repository.appendingPathComponent("start.sh"), encoding: .utf8)
        let lines = script.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let start = try #require(lines.firstIndex(of: "built_something() {"))
        let end = try #require(lines[start...].firstIndex(of: "}"))
        let function = lines[start...end].joined(separator: "\n")
        let folder = TestRunFolder.url.appendingPathComponent(TestRunFolder.uniqueName("didojo-built-something"))
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let long = (1...100_000).map { "[\($0)/100000] Compiling Lesson File\($0).swift" }.joined(separator: "\n") + "\n"
        for (name, log, built) in [
            ("long", long, true), ("plugins only", "[1/2] Compiling plugin GenerateManual\n[2/2] Write sources\n", false), ("empty", "", false),
        ] {
            let logFile = folder.appendingPathComponent("\(name).log")
            try log.write(to: logFile, atomically: true, encoding: .utf8)
            let process = SpawnedProcess()
            process.executableURL = URL(fileURLWithPath: "/bin/bash")
            process.arguments = ["-c", "set -euo pipefail\nlog=\"$1\"\n\(function)\nif built_something; then echo yes; else echo no; fi", "bash", logFile.path]
            let output = Pipe(), errors = Pipe()
            process.standardOutput = output
            process.standardError = errors
            try process.run()
            let said = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            let complained = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(said == (built ? "yes\n" : "no\n"), "\(name) log")
            #expect(complained.isEmpty, "\(name) log: \(complained)")
        }
    }
}
