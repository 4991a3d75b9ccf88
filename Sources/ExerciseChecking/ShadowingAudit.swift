import DojoGrading
import SwiftParser
import SwiftSyntax

/// Rejects a learner's file that declares a name the exercise's checks rely on from elsewhere
/// (XCTest, Foundation, the Domain, a lesson module), so that the checks cannot be made to
/// call the learner's version instead of the real one.
///
/// Why it is needed: the checks see the learner's module first (`@testable import Exercise`,
/// see `TestsFileCopy`), so that a learner's `UserRouter` is the one they test. The same rule
/// would let a learner's public no-op `XCTAssertEqual`, or an `extension XCTestCase` with one,
/// or an `extension Date` with its own `utcStamp`, take the place of what the checks call, and
/// a wrong answer pass. The checks call XCTest's free functions by module (`XCTest::`), which
/// no declaration can take over; this audit covers everything else the checks name.
///
/// What counts: a top-level declaration of the learner's whose name the checks use, and a
/// member of the learner's extension (of any type but the learner's own structs, classes,
/// enums and actors, whose members the checks only reach through the learner's values) whose
/// name the checks use, or that is an initializer, subscript or operator of a type the checks
/// use. Allowed always: what the reference solution declares in the same place (the task's
/// own names), and names the checks do not use, so a learner's helpers stay the learner's
/// business.
struct ShadowingAudit: Codable, Sendable, Equatable {
    /// The names the checks use, declared elsewhere than in the checks themselves.
    let usedNames: Set<String>
    /// The names the checks declare, anywhere (their own helpers, locals): an unqualified use of
    /// one of them is theirs, whatever the learner declares at the top level.
    let checksOwnNames: Set<String>
    /// The reference solution's declarations: the task's own names, allowed in the learner's file.
    let solutionTopLevel: Set<String>
    /// `Type.member` for every member the solution declares in a type or an extension of it.
    let solutionMembers: Set<String>

    /// What `checks` rely on, given the reference `solution` (both Swift sources).
    init(checks: [String], solution: String) {
        var used = Set<String>()
        var own = Set<String>()
        for text in checks {
            used.formUnion(UsedNames(source: text).names)
            own.formUnion(DeclaredNames(source: text).declarations.map(\.name))
        }
        usedNames = used
        checksOwnNames = own
        let declared = DeclaredNames(source: solution).declarations
        solutionTopLevel = Set(declared.filter { $0.place == .topLevel }.map(\.name))
        solutionMembers = Set(declared.compactMap { declaration in
            Self.container(of: declaration.place).map { "\($0).\(declaration.name)" }
        })
    }

    /// The learner's declarations that take the place of something the checks use, each as an
    /// error at its line in `path`; empty when there is none.
    func findings(inLearnerSource source: String, path: String) -> [CompilerDiagnostic] {
        findings(inLearnerTree: Parser.parse(source: source), path: path)
    }

    /// The same, for the learner's file already parsed.
    func findings(inLearnerTree tree: SourceFileSyntax, path: String) -> [CompilerDiagnostic] {
        let learner = DeclaredNames(tree: tree)
        let ownConcreteTypes = learner.concreteTypes
        var findings: [CompilerDiagnostic] = []
        for declaration in learner.declarations {
            switch declaration.place {
            case .topLevel:
                guard usedNames.contains(declaration.name), !checksOwnNames.contains(declaration.name),
                      !solutionTopLevel.contains(declaration.name) else { continue }
                findings.append(finding(declaration, path: path, in: nil))
            case .memberOfExtension(let type):
                guard !ownConcreteTypes.contains(type) else { continue }
                guard !solutionMembers.contains("\(type).\(declaration.name)") else { continue }
                let implicit = ["init", "subscript", "callAsFunction"].contains(declaration.name) && usedNames.contains(type)
                guard usedNames.contains(declaration.name) || implicit else { continue }
                findings.append(finding(declaration, path: path, in: type))
            case .memberOfType, .memberOfProtocol:
                continue
            }
        }
        return findings
    }

    private func finding(_ declaration: DeclaredNames.Declaration, path: String, in extended: String?) -> CompilerDiagnostic {
        let name = declaration.name
        let origin = KnownDeclarations.module(declaring: extended ?? name).map { " (from \($0))" } ?? ""
        let what = extended.map { "Your extension of '\($0)'\(origin) declares '\(name)'" } ?? "Your file declares '\(name)'\(origin)"
        return CompilerDiagnostic(
            file: path, line: declaration.line, column: declaration.column, severity: .error,
            message: "\(what), a name the checks use: the checks would call yours instead of the real one. Give yours another name, or leave it out",
            explanation: "The checks see the names in your file before those of XCTest and the lessons' modules, so that your types are the ones they test. A name the checks rely on that you declare again would quietly become yours in the checks too, and they could no longer judge your code."
        )
    }

    /// The type a member's place belongs to, nil at the top level.
    private static func container(of place: DeclaredNames.Place) -> String? {
        switch place {
        case .topLevel: nil
        case .memberOfType(let type), .memberOfProtocol(let type), .memberOfExtension(let type): type
        }
    }
}

/// Every name a Swift file uses: references to values and functions (members included), type
/// names, and operators.
struct UsedNames {
    let names: Set<String>

    init(source: String) {
        let visitor = Collector(viewMode: .sourceAccurate)
        visitor.walk(Parser.parse(source: source))
        names = visitor.names
    }

    private final class Collector: SyntaxVisitor {
        var names = Set<String>()

        override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
            names.insert(node.baseName.text)
            return .visitChildren
        }

        override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind {
            names.insert(node.name.text)
            return .visitChildren
        }

        override func visit(_ node: MemberTypeSyntax) -> SyntaxVisitorContinueKind {
            names.insert(node.name.text)
            return .visitChildren
        }

        override func visit(_ node: BinaryOperatorExprSyntax) -> SyntaxVisitorContinueKind {
            names.insert(node.operator.text)
            return .visitChildren
        }

        override func visit(_ node: PrefixOperatorExprSyntax) -> SyntaxVisitorContinueKind {
            names.insert(node.operator.text)
            return .visitChildren
        }

        override func visit(_ node: PostfixOperatorExprSyntax) -> SyntaxVisitorContinueKind {
            names.insert(node.operator.text)
            return .visitChildren
        }
    }
}
