/// Names the compiler cannot find: a missing import, a misspelling, or something the checks
/// expect the learner's file to declare.
extension ExplanationRule {
    static let names: [ExplanationRule] = [missingImport, misspelledName, checksUseUndeclared, checksUseMissingMember]

    /// "cannot find type 'Date' in scope" in a file that does not import Foundation.
    static let missingImport = ExplanationRule("missing-import", message: notFound, isRootCause: true) { match in
        let name = match.captures[0]
        guard match.place == .learnerFile, let module = KnownDeclarations.module(declaring: name),
              !match.context.imports(of: match.context.learnerFile).contains(module) else { return nil }
        // One explanation for all the names the missing import hides, so that it is given once.
        var hidden: [String] = []
        for diagnostic in match.context.diagnostics where diagnostic.file == match.context.learnerFile {
            guard let other = captures(of: notFound, in: withoutGroupTag(diagnostic.message))?.first,
                  KnownDeclarations.module(declaring: other) == module, !hidden.contains(other) else { continue }
            hidden.append(other)
        }
        let names = hidden.isEmpty ? [name] : hidden
        let subject = names.count == 1 ? "`\(names[0])` is" : "\(listed(names.map { "`\($0)`" })) are"
        return "\(subject) part of \(module), which your file does not import: add `import \(module)` at the top of your file."
    }

    /// "cannot find 'FaceBookClient' in scope", where exactly one known name is close to it.
    static let misspelledName = ExplanationRule("misspelled-name", message: notFound) { match in
        let name = match.captures[0]
        // A name the file declares is not misspelled here, only out of reach (a brace too many).
        guard match.place == .learnerFile, KnownDeclarations.module(declaring: name) == nil,
              !match.context.learnerDeclaredNames.contains(name),
              !match.diagnostic.notes.contains(where: { $0.message.hasPrefix("did you mean") }) else { return nil }
        let declared = match.context.learnerDeclaredNames.map { (name: $0, from: "declared in your file") }
        let known = KnownDeclarations.allNames.map { (name: $0.name, from: "from \($0.module)") }
        guard let (closest, from) = closestName(to: name, among: declared + known) else { return nil }
        return "There is no `\(name)`: did you mean `\(closest)` (\(from))? Names must match exactly, capital letters included."
    }

    /// "cannot find type 'UsesFileStore' in scope" in the checks: a name the learner's file
    /// should declare.
    static let checksUseUndeclared = ExplanationRule("checks-use-undeclared", message: notFound) { match in
        let name = match.captures[0]
        guard match.place == .checks, KnownDeclarations.module(declaring: name) == nil else { return nil }
        var text = "The checks use `\(name)`, which your file does not declare (yet). Declare it in your file, with exactly this name, as the task describes."
        if let (near, _) = closestName(to: name, among: match.context.learnerDeclaredNames.map { (name: $0, from: "") }) {
            text += " Your file has `\(near)`: the names must match exactly."
        }
        return text
    }

    /// "value of type 'MixInReadFileService' has no member 'fileStore'" in the checks, about a
    /// type of the learner's file.
    static let checksUseMissingMember = ExplanationRule(
        "checks-use-missing-member", message: "value of type '(\\w+)' has no member '(\\w+)'"
    ) { match in
        let (type, member) = (match.captures[0], match.captures[1])
        guard match.place == .checks, match.context.learnerDeclaredNames.contains(type) else { return nil }
        return "The checks use `\(member)` of your `\(type)`, which has no member of that name (yet). Add it, with exactly this name, as the task describes."
    }

    private static let notFound = "cannot find (?:type )?'(\\w+)' in scope"

    /// The one name of `candidates` nearest to `name`: the same but for capitals, or at most
    /// two letters apart. Nil when none is that near, or two are equally near. A candidate
    /// must start with a capital when `name` does and only then: `logger` is not a misspelt
    /// `Logger`, a value is not a type.
    static func closestName(to name: String, among candidates: [(name: String, from: String)]) -> (String, String)? {
        guard name.count >= 5 else { return nil }
        let startsUpper = name.first?.isUppercase ?? false
        let scored = candidates.filter { $0.name != name && ($0.name.first?.isUppercase ?? false) == startsUpper }.map { candidate in
            (candidate, candidate.name.lowercased() == name.lowercased() ? 0 : editDistance(candidate.name, name))
        }
        guard let best = scored.map(\.1).min(), best <= 2 else { return nil }
        let nearest = scored.filter { $0.1 == best }
        guard nearest.count == 1 else { return nil }
        return (nearest[0].0.name, nearest[0].0.from)
    }

    /// How many letters must be inserted, deleted or replaced to turn `a` into `b`.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }

    /// "`a`, `b` and `c`".
    static func listed(_ items: [String]) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " and " + items[items.count - 1]
    }
}
