import Foundation

/// The Swift compiler the checker runs.
public struct Toolchain: Sendable, Equatable {
    public let swiftc: URL

    public init(swiftc: URL) {
        self.swiftc = swiftc
    }

    /// `DIDOJO_SWIFTC` if set, else the first `swiftc` on `PATH`.
    public static func find(environment: [String: String], fileSystem: any FileSystem) throws -> Toolchain {
        if let override = environment["DIDOJO_SWIFTC"], !override.isEmpty {
            let url = URL(fileURLWithPath: override)
            guard fileSystem.fileExists(at: url) else { throw DojoError.compilerNotFound }
            return Toolchain(swiftc: url)
        }
        for folder in (environment["PATH"] ?? "").split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent("swiftc")
            if fileSystem.fileExists(at: candidate) {
                return Toolchain(swiftc: candidate)
            }
        }
        throw DojoError.compilerNotFound
    }
}
