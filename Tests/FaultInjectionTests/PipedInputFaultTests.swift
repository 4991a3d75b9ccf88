import DojoTestSupport
import Foundation
import Testing

/// Bytes piped into the real binary: what a terminal or a script can hand the shell that a
/// typed line never holds. Each line is answered, and the shell reaches the end of the input.
@Suite struct PipedInputFaultTests {
    @Test func invalidUTF8ControlCharactersAndAMegabyteLineAreEachAnswered() async throws {
        var input = Data("lessons\n".utf8)
        input += Data([0xFF, 0xFE, 0x0A])  // not UTF-8 at all
        input += Data([0x1B, 0x5B, 0x32, 0x4A, 0x07, 0x00, 0x0D, 0x0A])  // ESC [2J, BEL, NUL, CRLF
        input += Data(repeating: UInt8(ascii: "x"), count: 1 << 20) + Data("\n".utf8)
        input += Data("progress\n".utf8)

        let result = try await Didojo().run([], inputBytes: input, timeout: .seconds(300))
        #expect(result.termination == .exited(0))
        let output = result.standardOutput
        #expect(output.contains("no-di.1"))
        #expect(output.contains("Unknown command '\u{FFFD}\u{FFFD}'."))
        #expect(output.contains("Unknown command '^[[2J^G^@'."))
        #expect(output.contains("That line is 1048576 bytes long"))
        #expect(output.contains("exercises passed"), "the last line was not answered")
        #expect(!output.unicodeScalars.contains { $0 != "\n" && $0.properties.generalCategory == .control }, "raw control characters reached the output")
    }
}
