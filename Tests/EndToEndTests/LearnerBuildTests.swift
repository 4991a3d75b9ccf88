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
}
