import Foundation
import Testing
import LineEditing

#if canImport(Glibc)
import Glibc
#endif

@Suite("Plain line reader")
struct PlainLineReaderTests {
    /// Reads everything from `bytes` through a pipe, until end of input.
    func readAll(_ bytes: [UInt8]) -> [LineReadResult] {
        let pipe = Pipe()
        pipe.fileHandleForWriting.write(Data(bytes))
        try? pipe.fileHandleForWriting.close()
        let reader = PlainLineReader(fileHandle: pipe.fileHandleForReading)
        var results: [LineReadResult] = []
        for _ in 0..<10_000 {
            let result = reader.readLine(prompt: "ignored> ")
            results.append(result)
            if result == .endOfInput { break }
        }
        return results
    }

    @Test("Lines are returned one by one without newlines, then end of input")
    func lines() {
        #expect(readAll(Array("one\ntwo\n\nthree\n".utf8)) == [.line("one"), .line("two"), .line(""), .line("three"), .endOfInput])
    }

    @Test("CRLF line endings are stripped")
    func crlf() {
        #expect(readAll(Array("one\r\ntwo\r\n".utf8)) == [.line("one"), .line("two"), .endOfInput])
    }

    @Test("A last line without a newline is still returned")
    func lastLineWithoutNewline() {
        #expect(readAll(Array("one\ntwo".utf8)) == [.line("one"), .line("two"), .endOfInput])
    }

    @Test("Empty input is end of input at once, and stays so")
    func emptyInput() {
        let pipe = Pipe()
        try? pipe.fileHandleForWriting.close()
        let reader = PlainLineReader(fileHandle: pipe.fileHandleForReading)
        #expect(reader.readLine(prompt: "") == .endOfInput)
        #expect(reader.readLine(prompt: "") == .endOfInput)
    }

    @Test("Invalid UTF-8 is replaced instead of crashing")
    func invalidUTF8() {
        let results = readAll([0x61, 0xFF, 0x62, 0x0A, 0xC3, 0x0A])
        #expect(results == [.line("a\u{FFFD}b"), .line("\u{FFFD}"), .endOfInput])
    }

    @Test("Long input split over many reads keeps every line")
    func longInput() {
        let text = (1...2000).map { "line \($0)" }.joined(separator: "\n") + "\n"
        let results = readAll(Array(text.utf8))
        #expect(results.count == 2001)
        #expect(results.dropLast().last == .line("line 2000"))
    }
}
