/// Calls that do not fit what they call: labels, missing and extra arguments, and argument
/// types, most often after a parameter was added (or not yet) to inject a dependency.
extension ExplanationRule {
    static let calls: [ExplanationRule] = [
        checksLabelMismatch, checksExtraneousLabel, missingArgument, checksOmitArgument, dependencyClientLetEndpoint,
        extraArgumentInChecks, extraArgument, checksPassAnotherImplementation,
    ]

    /// "incorrect argument label in call (have 'output:', expected 'client:')" in the checks.
    static let checksLabelMismatch = ExplanationRule(
        "checks-label-mismatch", message: "incorrect argument labels? in call \\(have '([\\w:]*)', expected '([\\w:]*)'\\)"
    ) { match in
        let (checks, yours) = (match.captures[0], match.captures[1])
        guard match.place == .checks else { return nil }
        let one = checks.filter { $0 == ":" }.count == 1
        return one
            ? "The checks write `\(checks)` here, as the task names it, but your declaration says `\(yours)`. Change the label in your file to `\(checks.dropLast())`."
            : "The checks call this with the labels `\(checks)`, as the task names them, but your declaration has `\(yours)`. Change the labels in your file to match."
    }

    /// "extraneous argument label 'output:' in call" in the checks: the learner's parameter
    /// has no label (`_`).
    static let checksExtraneousLabel = ExplanationRule("checks-extraneous-label", message: "extraneous argument label '(\\w+):' in call") { match in
        let label = match.captures[0]
        guard match.place == .checks else { return nil }
        return "The checks write the label `\(label):` here, as the task names it, but in your file this parameter has no label (it is declared with `_`). Declare it with the label `\(label)`."
    }

    /// "missing argument for parameter 'clock' in call" in the learner's file, calling a
    /// declaration that is not made by a macro.
    static let missingArgument = ExplanationRule("missing-argument", message: missingArgumentMessage) { match in
        let parameter = match.captures[0]
        guard match.place == .learnerFile, !match.isInMacroExpansion,
              let (declaration, name) = match.note("'(.+)' declared here").map({ ($0.note, $0.captures[0]) }) else { return nil }
        if declaration.file == match.context.learnerFile {
            return "`\(name)` has a parameter `\(parameter)`, and this call does not pass it. If you added it to inject a dependency, every call must now pass one: this one too."
        }
        return "`\(name)` needs `\(parameter)`, and this call leaves it out: pass it."
    }

    /// "missing argument for parameter 'logger' in call" in the checks: the learner's
    /// initializer asks for more than the task says.
    static let checksOmitArgument = ExplanationRule("checks-omit-argument", message: missingArgumentMessage) { match in
        let parameter = match.captures[0]
        guard match.place == .checks,
              let (declaration, name) = match.note("'(.+)' declared here").map({ ($0.note, $0.captures[0]) }),
              declaration.file == match.context.learnerFile else { return nil }
        return "The checks make this call without `\(parameter)`, the way the task describes it, but your `\(name)` requires one. Remove the parameter the task does not ask for."
    }

    /// "missing argument for parameter 'send' in call" because a `@DependencyClient` endpoint
    /// was declared with `let`, which the macro gives no default.
    static let dependencyClientLetEndpoint = ExplanationRule("dependency-client-let-endpoint", message: missingArgumentMessage) { match in
        let endpoint = match.captures[0]
        guard match.place == .learnerFile,
              let client = match.note("in expansion of macro 'DependencyClient' on struct '(\\w+)' here")?.captures[0],
              let text = match.context.learnerText,
              text.contains(try! Regex("\\blet\\s+\(endpoint)\\s*:")) else { return nil }
        return "`@DependencyClient` gives a closure property a default (an unimplemented endpoint) only when it is a `var`. `\(endpoint)` is a `let`, so every `\(client)(…)` must pass it. Declare it as `var \(endpoint): …`."
    }

    /// "extra argument 'clock' in call" in the checks, creating a type of the learner's file:
    /// the task hands a dependency in that the initializer does not take yet.
    static let extraArgumentInChecks = ExplanationRule("extra-argument-in-checks", message: extraArgumentMessage) { match in
        let argument = match.captures[0]
        guard match.place == .checks, let type = match.callOfLearnersType else { return nil }
        return "The checks create your `\(type)` with `\(argument)`, as the task describes, but its initializer takes no such parameter (yet). Add one labelled `\(argument)`: the checks inject the dependency through it."
    }

    /// "extra argument 'clock' in call" in the learner's file, creating a type of that file.
    static let extraArgument = ExplanationRule("extra-argument", message: extraArgumentMessage) { match in
        let argument = match.captures[0]
        guard match.place == .learnerFile, let type = match.callOfLearnersType else { return nil }
        return "Your `\(type)`'s initializer has no parameter `\(argument)`. To inject it, add the parameter to `init` (and keep the value); otherwise leave it out of this call."
    }

    /// "cannot convert value of type 'FixedClock' to expected argument type 'SystemClock'" in
    /// the checks: the learner's parameter names one implementation instead of the protocol.
    static let checksPassAnotherImplementation = ExplanationRule(
        "checks-pass-another-implementation", message: "cannot convert value of type '(\\w+)' to expected argument type '(\\w+)'"
    ) { match in
        let (given, expected) = (match.captures[0], match.captures[1])
        guard match.place == .checks, let protocolName = KnownDeclarations.protocolOfImplementation[expected] else { return nil }
        return "The checks hand in their own `\(given)`, but your parameter accepts only `\(expected)`, one concrete type. Declare the parameter as the protocol, `any \(protocolName)`, so that any implementation can be injected: the real one in the app, a stand-in in a test."
    }

    private static let missingArgumentMessage = "missing argument for parameter '(\\w+)' in call"
    private static let extraArgumentMessage = "extra argument '(\\w+)' in call"
}

extension ExplanationRule.Match {
    /// True when the declaration the diagnostic is about was written by a macro.
    var isInMacroExpansion: Bool {
        diagnostic.notes.contains { $0.file.contains("@__swiftmacro") || $0.message.hasPrefix("in expansion of macro") }
    }

    /// The type of the learner's file whose initializer the call at the diagnostic's column
    /// is (`SocialPresenter(output: …, clock: …)`), nil for any other call.
    var callOfLearnersType: String? {
        guard let line = sourceLine, let callee = Self.enclosingCall(in: line, column: diagnostic.column),
              callee.first?.isUppercase == true, context.learnerDeclaredNames.contains(callee) else { return nil }
        return callee
    }

    /// The name before the innermost parenthesis still open at `column` (from 1) of `line`.
    static func enclosingCall(in line: String, column: Int) -> String? {
        var open: [String] = []
        var name = ""
        for character in line.prefix(max(0, column - 1)) {
            switch character {
            case "(":
                open.append(name)
                name = ""
            case ")":
                _ = open.popLast()
                name = ""
            case _ where character.isLetter || character.isNumber || character == "_":
                name.append(character)
            default:
                name = ""
            }
        }
        return open.last.flatMap { $0.isEmpty ? nil : $0 }
    }
}
