/// Actors and `async` code, which learners reach for in lesson 7 (where a dependency's
/// endpoints are `@Sendable` closures).
extension ExplanationRule {
    static let concurrency: [ExplanationRule] = [actorCallFromSync, actorPropertyFromSync, mainActorCall, awaitOutsideAsync]

    /// "call to actor-isolated instance method 'record' in a synchronous nonisolated context".
    static let actorCallFromSync = ExplanationRule(
        "actor-call-from-sync", message: "call to actor-isolated instance method '(\\w+)' in a synchronous nonisolated context"
    ) { match in
        let method = match.captures[0]
        guard match.place == .learnerFile else { return nil }
        return "`\(method)` belongs to an actor, so from outside the actor it can only be called with `await`, in async code, and the code here is synchronous." + match.lockIsolatedAdvice
    }

    /// "actor-isolated property 'posts' can not be referenced from a nonisolated context".
    static let actorPropertyFromSync = ExplanationRule(
        "actor-property-from-sync", message: "actor-isolated property '(\\w+)' can not be referenced from a nonisolated (?:context|autoclosure)"
    ) { match in
        let property = match.captures[0]
        guard match.place == .learnerFile else { return nil }
        return "`\(property)` belongs to an actor, so from outside the actor it can only be read with `await`, in async code (in an `async` test, read it into a constant first: `let value = await …`)." + match.lockIsolatedAdvice
    }

    /// "call to main actor-isolated instance method 'announce' in a synchronous nonisolated
    /// context" in the checks, with `@MainActor` in the learner's file.
    static let mainActorCall = ExplanationRule(
        "main-actor-call",
        message: "call to main actor-isolated (?:instance method|initializer|static method|property|global function) '(.+)' in a synchronous nonisolated context"
    ) { match in
        let callee = match.captures[0]
        guard match.place == .checks, match.context.learnerText?.contains("@MainActor") == true else { return nil }
        return "The checks use `\(callee)` from ordinary synchronous code, as the task describes, but `@MainActor` in your file limits it to the main actor. Remove `@MainActor`: this exercise needs no actor."
    }

    /// "'async' call in a function that does not support concurrency", with the note naming
    /// the function to mark `async`.
    static let awaitOutsideAsync = ExplanationRule(
        "await-outside-async", message: "'async' call in a function that does not support concurrency"
    ) { match in
        guard match.place == .learnerFile,
              let function = match.note("add 'async' to function '(.+)' to make it asynchronous")?.captures[0] else { return nil }
        let tests = function.hasPrefix("test") ? " (XCTest runs `async` tests as well)" : ""
        return "`\(function)` is not `async`, so it cannot call `async` code, and this call is (a closure with `await` in it makes the call it is passed to async too). Mark the function `async`\(tests), or leave out the `await` if nothing here needs it."
    }
}

extension ExplanationRule.Match {
    /// For a file that imports Dependencies: how to record from synchronous code without an
    /// actor. Given with the first actor error of the compile only.
    var lockIsolatedAdvice: String {
        let firstActorError = context.diagnostics.first { $0.file == context.learnerFile && $0.message.contains("actor-isolated") }
        guard firstActorError == diagnostic, context.imports(of: context.learnerFile).contains("Dependencies") else { return "" }
        return " To record from a synchronous closure such as a dependency's endpoint, keep the record in a `LockIsolated` (from Dependencies) instead of an actor: append with `withValue { $0.append(…) }`, read with `.value`."
    }
}
