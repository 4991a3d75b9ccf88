import DojoCore
import Foundation

/// The Swift compiler the checker runs.
struct Toolchain: Sendable, Equatable {
    let swiftc: URL
    /// Extra flags for the link step: `-use-ld=lld` when the toolchain ships lld, which links
    /// a check's program faster than the system's default linker (gold, on Linux).
    let linkerFlags: [String]

    init(swiftc: URL, linkerFlags: [String] = []) {
        self.swiftc = swiftc
        self.linkerFlags = linkerFlags
    }

    /// `DIDOJO_SWIFTC` if set, else the first `swiftc` on `PATH`.
    static func find(environment: [String: String], fileSystem: any FileSystem) throws -> Toolchain {
        if let override = environment["DIDOJO_SWIFTC"], !override.isEmpty {
            let url = URL(fileURLWithPath: override)
            guard fileSystem.fileExists(at: url) else { throw DojoError.compilerNotFound }
            return Toolchain(swiftc: url, linkerFlags: linkerFlags(for: url, fileSystem: fileSystem))
        }
        guard let found = onPath("swiftc", environment: environment, fileSystem: fileSystem) else { throw DojoError.compilerNotFound }
        return Toolchain(swiftc: found, linkerFlags: linkerFlags(for: found, fileSystem: fileSystem))
    }

    /// The first file named `program` in the folders of `PATH`, or nil.
    static func onPath(_ program: String, environment: [String: String], fileSystem: any FileSystem) -> URL? {
        for folder in (environment["PATH"] ?? "").split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent(program)
            if fileSystem.fileExists(at: candidate) { return candidate }
        }
        return nil
    }

    /// lld if the toolchain has it beside the compiler (swift.org toolchains for Linux do);
    /// otherwise the compiler's default linker.
    static func linkerFlags(for swiftc: URL, fileSystem: any FileSystem) -> [String] {
        let folder = swiftc.resolvingSymlinksInPath().deletingLastPathComponent()
        return fileSystem.fileExists(at: folder.appendingPathComponent("ld.lld")) ? ["-use-ld=lld"] : []
    }
}
