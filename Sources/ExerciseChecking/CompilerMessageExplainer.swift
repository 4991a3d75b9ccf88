import DojoGrading

/// Says in plain words what a compiler error means for someone learning DI, when it knows for
/// sure (see `ExplanationRule`).
///
/// Compiler messages are exact but terse; right after one, a learner benefits most from a
/// sentence that connects it to what they were doing, in their own names. A wrong sentence is
/// worse than none, so an error no rule was written for gets none, and errors that may only
/// follow from another (after a missing import or brace) are left to the compiler's words.
enum CompilerMessageExplainer {
    /// `diagnostics` with their explanations, and without the notes that are noise in a
    /// terminal.
    ///
    /// - Parameter readText: the text of a file by its path (to see the learner's imports and
    ///   declarations, and the lines the compiler points at); nil when it cannot be read.
    static func explained(
        _ diagnostics: [CompilerDiagnostic], learnerFile: String, checksFile: String?, readText: @escaping (String) -> String?
    ) -> [CompilerDiagnostic] {
        let context = ExplanationContext(learnerFile: learnerFile, checksFile: checksFile, diagnostics: diagnostics, readText: readText)
        let found = diagnostics.map { diagnostic in
            ExplanationRule.all.lazy.compactMap { rule in
                rule.explanation(for: diagnostic, in: context).map { (rule: rule, text: $0) }
            }.first
        }
        let rootCauseFound = found.contains { $0?.rule.isRootCause == true }
        var given: Set<String> = []
        return zip(diagnostics, found).map { diagnostic, explanation in
            var explained = diagnostic
            explained.notes = diagnostic.notes.filter { !isNoise($0) }
            // An explanation given before (an exercise's own words for a mistake it expects)
            // knows more than any general rule.
            guard diagnostic.explanation == nil else { return explained }
            guard let explanation, !rootCauseFound || explanation.rule.isRootCause else { return explained }
            // The same error on several lines (the checks call an initializer in every test)
            // is explained once, at its first place.
            if given.insert(explanation.text).inserted {
                explained.explanation = explanation.text
            }
            return explained
        }
    }

    /// Notes that help in an IDE (which offers a fix-it) but are noise in a terminal.
    static func isNoise(_ note: CompilerDiagnostic) -> Bool {
        note.message.hasPrefix("add stubs for conformance")
    }
}
