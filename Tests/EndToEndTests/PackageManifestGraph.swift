import DojoTestSupport
import Foundation

/// This package's build graph as SwiftPM reads it: the manifest (`swift package dump-package`)
/// for the products, targets and the packages they take products from, and the resolved
/// packages (`swift package show-dependencies`) for what those packages need in turn.
struct PackageManifestGraph {
    /// Product name → its targets.
    let products: [String: [String]]
    /// Target name → the targets of this package it depends on.
    let targetDependencies: [String: Set<String>]
    /// Target name → the packages (identities, lower case) it takes products from.
    let targetPackages: [String: Set<String>]
    /// Package identity → the identities of the packages it depends on.
    let packageDependencies: [String: Set<String>]

    /// Reads the graph of the package at `root` through SwiftPM. `--ignore-lock`: `swift test`
    /// holds the build folder's lock while the tests run, and neither command writes to it.
    static func read(packageAt root: URL) throws -> PackageManifestGraph {
        let manifest = try JSONSerialization.jsonObject(with: try swiftPackage(["dump-package"], at: root)) as? [String: Any] ?? [:]
        let resolved = try JSONSerialization.jsonObject(
            with: try swiftPackage(["show-dependencies", "--format", "json"], at: root)) as? [String: Any] ?? [:]

        var products: [String: [String]] = [:]
        for product in manifest["products"] as? [[String: Any]] ?? [] {
            if let name = product["name"] as? String { products[name] = product["targets"] as? [String] ?? [] }
        }
        let targets = manifest["targets"] as? [[String: Any]] ?? []
        let targetNames = Set(targets.compactMap { $0["name"] as? String })
        var targetDependencies: [String: Set<String>] = [:]
        var targetPackages: [String: Set<String>] = [:]
        for target in targets {
            guard let name = target["name"] as? String else { continue }
            var local: Set<String> = [], packages: Set<String> = []
            for dependency in target["dependencies"] as? [[String: Any]] ?? [] {
                if let byName = (dependency["byName"] ?? dependency["target"]) as? [Any], let other = byName.first as? String {
                    // A name that is no target of ours is a product of the package of that name.
                    if targetNames.contains(other) { local.insert(other) } else { packages.insert(other.lowercased()) }
                } else if let product = dependency["product"] as? [Any], let productName = product.first as? String {
                    packages.insert(((product.dropFirst().first as? String) ?? productName).lowercased())
                }
            }
            targetDependencies[name] = local
            targetPackages[name] = packages
        }

        var packageDependencies: [String: Set<String>] = [:]
        func collect(_ node: [String: Any]) {
            guard let identity = (node["identity"] as? String)?.lowercased() else { return }
            let children = node["dependencies"] as? [[String: Any]] ?? []
            packageDependencies[identity, default: []].formUnion(children.compactMap { ($0["identity"] as? String)?.lowercased() })
            children.forEach(collect)
        }
        collect(resolved)
        return PackageManifestGraph(
            products: products, targetDependencies: targetDependencies, targetPackages: targetPackages,
            packageDependencies: packageDependencies)
    }

    /// Every package that building `product` compiles something of: the packages its targets take
    /// products from, and every package those depend on (by package, so rather more than less).
    func packages(neededBy product: String) -> Set<String> {
        var targets: Set<String> = [], pending = products[product] ?? []
        while let target = pending.popLast() {
            guard targets.insert(target).inserted else { continue }
            pending += targetDependencies[target] ?? []
        }
        var packages: Set<String> = [], pendingPackages = targets.flatMap { targetPackages[$0] ?? [] }
        while let package = pendingPackages.popLast() {
            guard packages.insert(package).inserted else { continue }
            pendingPackages += packageDependencies[package] ?? []
        }
        return packages
    }

    /// Runs `swift package --ignore-lock <arguments>` in `root`; its standard output.
    private static func swiftPackage(_ arguments: [String], at root: URL) throws -> Data {
        let process = SpawnedProcess()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift", "package", "--ignore-lock", "--package-path", root.path] + arguments
        let output = Pipe()
        let errors = TestRunFolder.url.appendingPathComponent(TestRunFolder.uniqueName("swift-package") + ".err")
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: errors) }
        process.standardOutput = output
        process.standardError = try FileHandle(forWritingTo: errors)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Read to the end before waiting: the output is larger than a pipe holds.
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let said = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
            throw PackageCommandFailed(command: "swift package " + arguments.joined(separator: " "), status: process.terminationStatus, said: said)
        }
        return data
    }
}

/// A `swift package` command that did not succeed, with what it said.
struct PackageCommandFailed: Error, CustomStringConvertible {
    let command: String
    let status: Int32
    let said: String
    var description: String { "\(command) exited with status \(status): \(said)" }
}
