import DojoTestSupport
@testable import ExerciseChecking
import Foundation
import Testing

/// The quick reading of a tests file (`QuickTestsScan`) against the parse it stands in for
/// (`LearnerTestsReading(_:)`): the same on every tests file of the lessons, and on the shapes
/// that fool a reading of text (comments, strings, nesting). Where it cannot know, a check
/// starts again from the parse: `TestWritingCheckTests` proves that path with the real checker.
struct QuickTestsScanTests {
    static func parsed(_ text: String) -> LearnerTestsReading {
        LearnerTestsReading(ParsedSource(text))
    }

    /// Every Swift file of the lessons that declares an `XCTestCase`: solutions, starters,
    /// catalogued mistakes and the lessons' own checks.
    static var lessonTestsFiles: [URL] {
        let files = FileManager.default.enumerator(at: Didojo.lessonsFolder, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
        return files.filter { (try? String(contentsOf: $0, encoding: .utf8))?.contains("XCTestCase") == true }
    }

    @Test func readsEveryTestsFileOfTheLessonsAsTheParseDoes() throws {
        let files = Self.lessonTestsFiles
        #expect(files.count > 100, "the lessons' tests files were found")
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            let quick = QuickTestsScan.reading(of: text)
            #expect(quick == Self.parsed(text), "\(file.path)")
        }
    }

    @Test func findsTestsAndImportsAsTheParseDoes() {
        let text = #"""
            import XCTest
            import struct Domain.Post
            public import Foundation
            @testable import ConstructorInjection
            // class CommentedTests: XCTestCase { func testNot() {} }
            /* class Blocked: XCTestCase { /* nested */ func testNot() {} } */
            final class SendingTests: XCTest.XCTestCase {
                let text = "a { brace } and func testNot() in a string"
                let lines = """
                    } class Fake: XCTestCase {
                    func testNot() {}
                    """
                let raw = #"also "} not code" \#(1 + (2))"#
                func testSendsOnce() throws { XCTAssertEqual("\(")")", ")") }
                func testWaits() async throws {}
                private func testHidden() {}
                static func testStatic() {}
                func testWithArgument(_ value: Int) {}
                func testGeneric<T>() {}
                func helper() {}
                class Nested: XCTestCase { func testNestedIsNotListed() {} }
                @MainActor func testOnTheMainActor() async {}
            }
            class NotATest { func testNot() {} }
            enum Holder {
                final class InsideAnEnumTests: XCTestCase, @unchecked Sendable {
                    func test_underscored() {}
                }
            }
            class EmptyTests: XCTestCase {}
            """#
        let quick = QuickTestsScan.reading(of: text)
        #expect(quick == Self.parsed(text))
        #expect(quick.testCases.map(\.className) == ["SendingTests", "InsideAnEnumTests"])
        #expect(quick.testCases.first?.methods.map(\.name) == ["testSendsOnce", "testWaits", "testOnTheMainActor"])
        #expect(quick.testCases.first?.methods.map(\.isAsync) == [false, true, true])
        #expect(quick.imports.map(\.module) == ["XCTest", "Domain", "Foundation"])
    }

    /// A shape it cannot tell from text: a test inside `#if` is one the tree's reading leaves
    /// out. Either way round, the two readings must not be taken for each other silently: the
    /// test says which of them the scan gives, so that a change of either is seen.
    @Test func aTestInsideAConditionIsLeftOutAsTheParseLeavesItOut() {
        let text = """
            import XCTest
            final class ConditionalTests: XCTestCase {
                #if os(Linux)
                func testOnLinux() {}
                #endif
                func testEverywhere() {}
            }
            """
        #expect(QuickTestsScan.reading(of: text) == Self.parsed(text))
        #expect(QuickTestsScan.reading(of: text).testCases.first?.methods.map(\.name) == ["testEverywhere"])
    }

    /// An import split over two lines is read differently: that is what the parse is there for.
    @Test func aReadingItGetsWrongDiffersFromTheParse() {
        let text = """
            @testable
            import Domain
            final class SplitTests: XCTestCase { func testOne() {} }
            """
        #expect(QuickTestsScan.reading(of: text) != Self.parsed(text))
    }
}
