/// Actors and `async` code, which learners reach for in lesson 7 (where a dependency's
/// endpoints are `@Sendable` closures), and the Swift 6 errors of lesson 10, whose exercises
/// compile in Swift 6 mode.
extension ExplanationRule {
    static let concurrency: [ExplanationRule] = [
        actorCallFromSync, actorPropertyFromSync, mainActorCall, awaitOutsideAsync,
        mutableSendableClass, closureSharesMutableVar, mainActorStateFromCallback,
    ]

    /// "stored property 'posts' of 'Sendable'-conforming class 'MemoryTimeline' is mutable":
    /// a class that promises `Sendable` (itself, or through a protocol) and keeps a `var`.
    static let mutableSendableClass = ExplanationRule(
        "mutable-sendable-class", message: "stored property '(\\w+)' of 'Sendable'-conforming class '(\\w+)' is mutable"
    ) { match in
        let (property, type) = (match.captures[0], match.captures[1])
        guard match.place == .learnerFile else { return nil }
        return "`\(type)` promises to be `Sendable` (on the class itself, or through a protocol it conforms to), so several tasks may use one `\(type)` at once; with `\(property)` a `var`, two of them could change it at the same time. Make `\(type)` an `actor`, or keep its state in a `Mutex`; `@unchecked Sendable` or `nonisolated(unsafe)` would only silence this error, and the race would stay."
    }

    /// "passing closure as a 'sending' parameter risks causing data races between code in the
    /// current task and concurrent execution of the closure", with the note "closure captures
    /// reference to mutable var 'errors' …": a task that changes a `var` of the code around it.
    static let closureSharesMutableVar = ExplanationRule(
        "closure-shares-mutable-var",
        message: "passing closure as a 'sending' parameter risks causing data races between .+ and concurrent execution of the closure"
    ) { match in
        guard match.place == .learnerFile,
              let variable = match.note("closure captures reference to mutable var '(\\w+)' which is accessible to .+")?.captures[0]
        else { return nil }
        return "The closure runs at the same time as the code around it, and both can reach `\(variable)`, a `var`: a data race. Share no `var` with a task: let each task return what it found and collect it where you wait for it (a task group's `for try await`, a task's `value`), or keep it in an actor."
    }

    /// "main actor-isolated property 'status' can not be mutated from a Sendable closure", in a
    /// completion handler that a callback client calls on a thread of its own.
    static let mainActorStateFromCallback = ExplanationRule(
        "main-actor-state-from-callback",
        message: "main actor-isolated property '(\\w+)' can not be (?:mutated|referenced) from a Sendable closure"
    ) { match in
        guard match.place == .learnerFile, match.context.learnerText?.contains("completion") == true
                || match.context.learnerText?.contains("CallbackShareClient") == true || match.context.learnerText?.contains("client.send(") == true
        else { return nil }
        return "A completion handler is `@Sendable`: the client calls it on a thread of its own, and this state belongs to the main actor. Await the client instead (`withCheckedThrowingContinuation`, resumed in the handler), and change the state after the `await`, back on the main actor. `MainActor.assumeIsolated` would compile here, and stop the program when the handler runs off the main thread."
    }

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
