import ContentHash
import Foundation
import Testing

/// `ContentHash.hex`: FNV-1a in 64 bits, the same name for the same bytes however they come
/// (in one piece, as Data or an array, or one by one from a sequence).
@Suite struct ContentHashTests {
    @Test func itIsFNV1aIn64Bits() {
        // The published test vectors of FNV-1a, 64 bits.
        #expect(ContentHash.hex(of: Data()) == "cbf29ce484222325")
        #expect(ContentHash.hex(of: Data("a".utf8)) == "af63dc4c8601ec8c")
        #expect(ContentHash.hex(of: Data("foobar".utf8)) == "85944171f73967e8")
    }

    @Test func bytesInOnePieceAndBytesOneByOneHaveTheSameName() {
        for text in ["", "a", "didojo lesson manifest, version 2", String(repeating: "checks ✓ ", count: 500)] {
            let bytes = Array(text.utf8)
            let oneByOne = ContentHash.hex(of: bytes.lazy.filter { _ in true })
            #expect(ContentHash.hex(of: Data(bytes)) == oneByOne)
            #expect(ContentHash.hex(of: bytes) == oneByOne)
            #expect(ContentHash.hex(of: text.utf8) == oneByOne)
            // A slice of Data does not start at index 0.
            let framed = Data([0xff, 0xfe] + bytes + [0xfd])
            #expect(ContentHash.hex(of: framed[2..<(2 + bytes.count)]) == oneByOne)
        }
    }
}
