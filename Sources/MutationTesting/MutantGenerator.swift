import SwiftParser
import SwiftSyntax
import WiringAnalysis

/// Makes every mutant of a correct Swift file: each a copy with one small change, of one of the
/// `MutationOperator`s, described in the learner's terms.
///
/// The Dependency Injection operators need to know the lesson's vocabulary: which names are
/// protocols, which concrete types implement them (`WiringVocabulary`), and what ambient or
/// global ways to reach a dependency its modules offer (`AmbientAccessors`). Syntax only: a
/// mutant may not compile (a value of the wrong type, say); whoever runs them drops those.
package struct MutantGenerator: Sendable {
    private let vocabulary: WiringVocabulary
    private let ambients: AmbientAccessors

    package init(vocabulary: WiringVocabulary = .empty, ambients: AmbientAccessors = .none) {
        self.vocabulary = vocabulary
        self.ambients = ambients
    }

    /// Every mutant of `source`, in the order of their lines, then operators; each mutated
    /// text once (two changes that make the same file are one mutant). The top-level
    /// declarations named in `given` (code the exercise hands the learner, see `GivenCode`)
    /// are read, for the names and types they declare, but never changed.
    package func mutants(of source: String, leaving given: Set<String> = []) -> [SourceMutant] {
        let tree = Parser.parse(source: source)
        let untouchable = GivenCode(names: given, in: tree)
        let facts = SourceFacts(tree)
        let general = GeneralMutationFinder(facts: facts)
        general.walk(tree)
        let classes = ClassNames(tree).names
        let injection = InjectionMutationFinder(facts: facts, vocabulary: vocabulary, ambients: ambients, classes: classes)
        injection.walk(tree)
        let converter = SourceLocationConverter(fileName: "", tree: tree)
        var seen: Set<String> = [source]
        var mutants: [SourceMutant] = []
        for candidate in general.candidates + injection.candidates where !candidate.edits.contains(where: untouchable.touches) {
            let mutated = SourceEdit.apply(candidate.edits, to: source)
            guard seen.insert(mutated).inserted else { continue }
            mutants.append(SourceMutant(
                operator: candidate.operator, line: converter.location(for: candidate.position).line,
                description: candidate.description, change: candidate.change, source: mutated))
        }
        return mutants.enumerated().sorted { a, b in
            (a.element.line, a.element.operator, a.offset) < (b.element.line, b.element.operator, b.offset)
        }.map(\.element)
    }
}

/// The names of the classes (and actors) a file declares.
private final class ClassNames: SyntaxVisitor {
    var names: Set<String> = []

    init(_ tree: SourceFileSyntax) {
        super.init(viewMode: .sourceAccurate)
        walk(tree)
    }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        names.insert(node.name.text)
        return .visitChildren
    }

    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
        names.insert(node.name.text)
        return .visitChildren
    }
}
