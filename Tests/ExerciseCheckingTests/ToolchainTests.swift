@testable import ExerciseChecking
import DojoTestSupport
import Foundation
import Testing

/// Which compiler the checker runs, and with which linker.
@Suite struct ToolchainTests {
    let fileSystem = InMemoryFileSystem()

    @Test func aToolchainThatShipsLLDLinksWithIt() throws {
        try fileSystem.write("", to: URL(fileURLWithPath: "/toolchain/bin/swiftc"))
        try fileSystem.write("", to: URL(fileURLWithPath: "/toolchain/bin/ld.lld"))
        let toolchain = try Toolchain.find(environment: ["PATH": "/elsewhere:/toolchain/bin"], fileSystem: fileSystem)
        #expect(toolchain.swiftc.path == "/toolchain/bin/swiftc")
        #expect(toolchain.linkerFlags == ["-use-ld=lld"])
    }

    @Test func withoutLLDTheCompilersOwnLinkerIsKept() throws {
        try fileSystem.write("", to: URL(fileURLWithPath: "/toolchain/bin/swiftc"))
        let toolchain = try Toolchain.find(environment: ["PATH": "/toolchain/bin"], fileSystem: fileSystem)
        #expect(toolchain.linkerFlags.isEmpty)
    }

    @Test func aChosenCompilerIsLookedAtForLLDToo() throws {
        try fileSystem.write("", to: URL(fileURLWithPath: "/opt/swift/usr/bin/swiftc"))
        try fileSystem.write("", to: URL(fileURLWithPath: "/opt/swift/usr/bin/ld.lld"))
        try fileSystem.write("", to: URL(fileURLWithPath: "/usr/bin/swiftc"))
        let toolchain = try Toolchain.find(
            environment: ["PATH": "/usr/bin", "DIDOJO_SWIFTC": "/opt/swift/usr/bin/swiftc"], fileSystem: fileSystem
        )
        #expect(toolchain.swiftc.path == "/opt/swift/usr/bin/swiftc")
        #expect(toolchain.linkerFlags == ["-use-ld=lld"])
    }
}
