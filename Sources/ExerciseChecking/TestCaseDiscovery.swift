import SwiftParser
import SwiftSyntax

/// One `XCTestCase` subclass and the test methods XCTest on Linux must be told about.
struct DiscoveredTestCase: Equatable, Sendable, Codable {
    struct Method: Equatable, Sendable, Codable {
        let name: String
        let isAsync: Bool

        init(name: String, isAsync: Bool) {
            self.name = name
            self.isAsync = isAsync
        }
    }
    let className: String
    let methods: [Method]

    init(className: String, methods: [Method]) {
        self.className = className
        self.methods = methods
    }
}

/// Finds the test cases in a checks file by parsing it with SwiftParser.
///
/// XCTest on Linux has no Objective-C runtime to discover tests, so the checker lists them in the
/// generated entry point; parsing (rather than pattern matching on text) gets this right for
/// comments, attributes, `async`/`throws` and nested formatting.
enum TestCaseDiscovery {
    static func testCases(in source: String) -> [DiscoveredTestCase] {
        testCases(in: Parser.parse(source: source))
    }

    static func testCases(in tree: SourceFileSyntax) -> [DiscoveredTestCase] {
        let visitor = Visitor(viewMode: .sourceAccurate)
        visitor.walk(tree)
        return visitor.found.filter { !$0.methods.isEmpty }
    }

    private final class Visitor: SyntaxVisitor {
        var found: [DiscoveredTestCase] = []

        override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
            let inherits = node.inheritanceClause?.inheritedTypes.contains {
                $0.type.trimmedDescription == "XCTestCase" || $0.type.trimmedDescription == "XCTest.XCTestCase"
            } ?? false
            guard inherits else { return .skipChildren }
            var methods: [DiscoveredTestCase.Method] = []
            for member in node.memberBlock.members {
                guard let function = member.decl.as(FunctionDeclSyntax.self) else { continue }
                let name = function.name.text
                let modifiers = function.modifiers.map(\.name.text)
                guard name.hasPrefix("test"),
                      function.signature.parameterClause.parameters.isEmpty,
                      function.genericParameterClause == nil,
                      !modifiers.contains("static"), !modifiers.contains("class"), !modifiers.contains("private")
                else { continue }
                let isAsync = function.signature.effectSpecifiers?.asyncSpecifier != nil
                methods.append(.init(name: name, isAsync: isAsync))
            }
            found.append(DiscoveredTestCase(className: node.name.text, methods: methods))
            return .skipChildren
        }
    }
}
