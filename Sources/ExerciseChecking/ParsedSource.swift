import SwiftParser
import SwiftSyntax

/// A file's text with its syntax tree, parsed once for the readings that need both.
///
/// Why: in a debug build (what `./start.sh` builds) swift-syntax is compiled without
/// optimisation, and parsing a learner's 75-line tests file takes 15–40 ms. A check parsed the
/// learner's file once for each reading of it (a test-writing check twice before its compiler
/// could start); one parse now serves them all (see `CompilingChecker.read(_:for:)`).
struct ParsedSource: Sendable {
    let text: String
    let tree: SourceFileSyntax

    init(_ text: String) {
        self.text = text
        tree = Parser.parse(source: text)
    }

    /// The tree of `text`, parsed again unless it is this one's.
    func tree(of text: String) -> SourceFileSyntax {
        text == self.text ? tree : Parser.parse(source: text)
    }
}
