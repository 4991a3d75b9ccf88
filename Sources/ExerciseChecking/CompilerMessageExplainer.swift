import DojoCore

/// Says in plain words what a common compiler message means for someone learning DI.
///
/// Compiler messages are exact but terse; right after one, a learner benefits most from a
/// sentence that connects it to what they were doing.
enum CompilerMessageExplainer {
    /// `diagnostic` with its explanation, and without the notes that are noise in a terminal.
    static func explained(_ diagnostic: CompilerDiagnostic) -> CompilerDiagnostic {
        var explained = diagnostic
        explained.explanation = explanation(for: diagnostic)
        explained.notes = diagnostic.notes.filter { !isNoise($0) }
        return explained
    }

    static func explanation(for message: String) -> String? {
        for rule in rules where message.contains(rule.fragment) {
            return rule.explanation
        }
        return nil
    }

    /// The explanation for a diagnostic, looking at its notes too: they often say more
    /// precisely what is wrong than the message does.
    static func explanation(for diagnostic: CompilerDiagnostic) -> String? {
        let notes = diagnostic.notes.map(\.message)
        if notes.contains(where: { $0.contains("candidate has non-matching type") }) {
            return "You have a property with the right name, but of another type. The protocol asks for exactly the type its note names (for example `any Clock`): write that type out, as in `let clock: any Clock = FixedClock(date: …)`."
        }
        if let range = diagnostic.message.range(of: "does not conform to protocol 'Uses") {
            let name = diagnostic.message[range.upperBound...].prefix { $0 != "'" }
            return "Your class says it needs a \(name.lowercased()) (it adopts `Uses\(name)`, directly or through another protocol), but it does not supply one. Add the property the note names, with exactly that name and type."
        }
        return explanation(for: diagnostic.message)
    }

    /// Notes that help in an IDE (which offers a fix-it) but are noise in a terminal.
    static func isNoise(_ note: CompilerDiagnostic) -> Bool {
        note.message.hasPrefix("add stubs for conformance")
    }

    private static let rules: [(fragment: String, explanation: String)] = [
        ("does not conform to protocol",
         "A type promised to conform to a protocol but lacks one of its requirements. The compiler lists what is missing in the notes below; add it (with the exact name and type) to the type."),
        ("cannot find type",
         "A type is used that does not exist (yet). Check its spelling, or declare it: the checks may expect you to create it."),
        ("cannot find",
         "A name is used that is not declared anywhere the compiler can see. Check the spelling, or declare it: the checks may expect you to create it."),
        ("missing argument",
         "A call leaves out an argument the initializer or function requires. If you added a parameter (to inject a dependency), every call must now pass it, or the parameter needs a default value."),
        ("extra argument",
         "A call passes an argument the initializer or function does not take. If the checks pass a dependency in, your initializer needs a parameter with that label."),
        ("incorrect argument label",
         "The argument labels in a call differ from the declaration. The checks call your code with particular labels; match them."),
        ("has no member",
         "The code asks a value for a property or method it does not have. Check the name, or add the member the checks expect."),
        ("cannot convert value",
         "A value of one type is used where another is expected. When you inject a dependency, make the parameter's type the protocol, not one concrete type."),
        ("cannot assign to property",
         "The code changes a `let` constant (or a property without a setter). Make it `var` if it must change."),
        ("is inaccessible due to",
         "A declaration is hidden by its access level (`private`/`fileprivate`). Loosen it if other code must use it."),
        ("expected",
         "The compiler could not read the code here: a brace, parenthesis or keyword is probably missing or extra just before this point."),
    ]
}
