import DojoGrading
import SwiftParser
import SwiftSyntax

/// Refuses, before anything is compiled or run, a learner's file that reaches for what no
/// exercise needs and what a forged result would need: XCTest's machinery behind the checks
/// (its observers, runs and suites), reflection and raw memory, the dynamic loader, and the
/// process's own memory through `/proc`.
///
/// Why: the learner's code runs in the same process as the checks, so anything that process
/// can do, their code can do too. The results travel with secrets (see `ResultTokens`) that
/// live only in the checks' memory, and the reporter believes only events XCTest itself
/// delivers for the checks' own test cases in their order (see `TestMainGenerator`). Reaching
/// either needs one of the things refused here; the kernel refuses the rest (`/proc`, other
/// processes, the network: see `Confinement`). An exercise teaches dependency injection: none
/// of its solutions uses any of these, so a learner loses nothing by the refusal, and is told
/// the line and why.
///
/// For a test-writing exercise the learner's tests import XCTest and use its assertions; what
/// is refused there is the part of XCTest that reports results, not the part that makes them.
struct ReachAudit {
    enum Kind: Sendable {
        /// The learner writes the code under test: XCTest itself has no business in it.
        case implementation
        /// The learner writes tests: XCTest's assertions are theirs, its reporting is not.
        case tests
    }

    /// Names refused in every learner's file, with what each one reaches.
    static let refusedNames: [String: String] = [
        "XCTestObservationCenter": "the observers that report the checks' results",
        "XCTestObservation": "the observers that report the checks' results",
        "XCTestRun": "the record XCTest keeps of each check's result",
        "XCTestCaseRun": "the record XCTest keeps of each check's result",
        "XCTestSuiteRun": "the record XCTest keeps of each check's result",
        "XCTestSuite": "the list of checks XCTest runs",
        "XCTMain": "XCTest's own runner",
        "Mirror": "the inside of other objects, the checks' included",
        "unsafeBitCast": "raw memory",
        "unsafeDowncast": "raw memory",
        "Unmanaged": "raw memory",
        "dlopen": "code loaded by name, past the compiler",
        "dlsym": "code loaded by name, past the compiler",
        "dladdr": "code loaded by name, past the compiler",
        "NSClassFromString": "types found by name, the checks' included",
        "_typeByName": "types found by name, the checks' included",
        "_typeByMangledName": "types found by name, the checks' included",
        "objc_getClass": "types found by name, the checks' included",
        "ptrace": "other processes",
        "process_vm_readv": "other processes' memory",
        "process_vm_writev": "other processes' memory",
        "DIDojoResultReporter": "the checks' reporter",
        TestMainGenerator.entrySymbol: "the checks' entry point",
    ]

    /// Attributes refused everywhere: each declares a function by its symbol, past the
    /// compiler's knowledge of what it is (a way into the runtime and the checks' entry).
    static let refusedAttributes: [String: String] = [
        "_silgen_name": "functions by their symbol, past the compiler",
        "_cdecl": "functions by their symbol, past the compiler",
        "_extern": "functions by their symbol, past the compiler",
        "_section": "code run as the library loads, before the checks",
        "_used": "code run as the library loads, before the checks",
    ]

    /// Modules an implementation has no use for.
    static let refusedImplementationImports: Set<String> = ["XCTest", "XCTestDynamicOverlay"]

    let kind: Kind

    /// Each refused use in `source` (the learner's file at `path`), as an error at its line;
    /// empty when there is none.
    func findings(inLearnerSource source: String, path: String) -> [CompilerDiagnostic] {
        findings(inLearnerTree: Parser.parse(source: source), path: path)
    }

    /// Each refused use in `tree`, the learner's file at `path` parsed.
    func findings(inLearnerTree tree: SourceFileSyntax, path: String) -> [CompilerDiagnostic] {
        let converter = SourceLocationConverter(fileName: path, tree: tree)
        var findings: [CompilerDiagnostic] = []
        var seenLines = Set<Int>()
        func refuse(_ node: some SyntaxProtocol, _ message: String) {
            let location = node.startLocation(converter: converter)
            // One finding a line is enough to say what to take out.
            guard seenLines.insert(location.line).inserted else { return }
            findings.append(CompilerDiagnostic(
                file: path, line: location.line, column: location.column, severity: .error, message: message
            ))
        }
        for token in tree.tokens(viewMode: .sourceAccurate) {
            switch token.tokenKind {
            case .identifier(let name), .dollarIdentifier(let name):
                let name = name.hasPrefix("`") ? String(name.dropFirst().dropLast()) : name
                if let reach = Self.refusedNames[name] {
                    refuse(token, Self.sentence(name: "`\(name)`", reaches: reach))
                } else if name.hasPrefix("Unsafe") || name.hasPrefix("withUnsafe") || name == "unsafeAddress" {
                    // Not `nonisolated(unsafe)` or `@unchecked Sendable`: those are the
                    // concurrency lessons' own mistakes, with messages of their own.
                    refuse(token, Self.sentence(name: "`\(name)`", reaches: "raw memory"))
                } else if name == "testRun", token.previousToken(viewMode: .sourceAccurate)?.tokenKind == .period {
                    refuse(token, Self.sentence(name: "`.testRun`", reaches: "the record XCTest keeps of each check's result"))
                }
            case .stringSegment(let text) where text.contains("/proc"):
                refuse(token, Self.sentence(name: "the path \"/proc\"", reaches: "the process's own memory and other processes"))
            case .atSign:
                guard let name = token.nextToken(viewMode: .sourceAccurate), case .identifier(let text) = name.tokenKind,
                      let reach = Self.refusedAttributes[text] else { continue }
                refuse(token, Self.sentence(name: "`@\(text)`", reaches: reach))
            default:
                continue
            }
        }
        if kind == .implementation {
            for statement in tree.statements {
                guard let importDecl = statement.item.as(ImportDeclSyntax.self),
                      let module = importDecl.path.first?.name.text, Self.refusedImplementationImports.contains(module) else { continue }
                refuse(importDecl, "`import \(module)` has no place in the code under test: the checks bring XCTest themselves, and a check does not run code that reaches into it. Take the line out and check again.")
            }
        }
        return findings.sorted { ($0.line, $0.column) < ($1.line, $1.column) }
    }

    private static func sentence(name: String, reaches: String) -> String {
        "\(name) reaches \(reaches); no exercise needs it, and a check does not run code that uses it. Take it out and check again."
    }
}
