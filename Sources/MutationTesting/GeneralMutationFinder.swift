import SwiftSyntax

/// Finds the general operators' changes: statements left out, values swapped, comparisons
/// flipped, constants changed, loops reversed or left no more, errors ignored or swallowed.
final class GeneralMutationFinder: SyntaxVisitor {
    private(set) var candidates: [MutationCandidate] = []
    private let facts: SourceFacts

    init(facts: SourceFacts) {
        self.facts = facts
        super.init(viewMode: .sourceAccurate)
    }

    // MARK: delete-statement, loop-exit, drop-throw, replace-error

    override func visit(_ node: CodeBlockItemSyntax) -> SyntaxVisitorContinueKind {
        guard SyntaxScope.enclosingBody(of: node) != nil else { return .visitChildren }
        switch node.item {
        case .expr(let expression):
            if isDeletable(expression, in: node) {
                candidates.append(MutationCandidate(
                    .deleteStatement, replacing: node, with: "",
                    description: "leaves out \(Snippet.of(expression))", change: "\(Snippet.of(expression)) left out"))
            }
        case .stmt(let statement):
            if let deferred = statement.as(DeferStmtSyntax.self) {
                candidates.append(MutationCandidate(
                    .deleteStatement, replacing: node, with: "",
                    description: "leaves out the `defer` \(Snippet.of(deferred.body))", change: "`defer` left out"))
            }
        case .decl:
            break
        }
        return .visitChildren
    }

    /// A statement whose removal leaves a file that may compile: not the value of a
    /// one-expression closure or function, not an initializer's assignment of a property.
    private func isDeletable(_ expression: ExprSyntax, in item: CodeBlockItemSyntax) -> Bool {
        // The only statement of a closure, an accessor or a function that returns something is
        // its value.
        if let list = item.parent?.as(CodeBlockItemListSyntax.self), list.count == 1,
           let owner = list.parent?.is(CodeBlockSyntax.self) == true ? list.parent?.parent : list.parent,
           owner.is(ClosureExprSyntax.self) || owner.is(AccessorDeclSyntax.self) || owner.is(AccessorBlockSyntax.self)
            || owner.as(FunctionDeclSyntax.self)?.signature.returnClause != nil {
            return false
        }
        if SyntaxScope.enclosingBody(of: item)?.is(InitializerDeclSyntax.self) == true, Self.isAssignment(expression) { return false }
        // A call, an assignment, a `try` or `await` of one: something done.
        return expression.is(FunctionCallExprSyntax.self) || expression.is(TryExprSyntax.self) || expression.is(AwaitExprSyntax.self)
            || Self.isAssignment(expression)
    }

    static func isAssignment(_ expression: ExprSyntax) -> Bool {
        if let infix = expression.as(InfixOperatorExprSyntax.self) {
            return infix.operator.is(AssignmentExprSyntax.self) || ["+=", "-=", "*=", "/="].contains(infix.operator.trimmedDescription)
        }
        if let sequence = expression.as(SequenceExprSyntax.self) {
            return sequence.elements.contains { $0.is(AssignmentExprSyntax.self) || ["+=", "-=", "*=", "/="].contains($0.trimmedDescription) }
        }
        return false
    }

    override func visit(_ node: ReturnStmtSyntax) -> SyntaxVisitorContinueKind {
        if isInLoop(node) {
            let replacement = node.expression.map { $0.trimmedDescription } ?? ""
            candidates.append(MutationCandidate(
                .loopExit, replacing: node, with: replacement,
                description: "does not leave the loop at \(Snippet.of(node)): it goes on with the next round",
                change: "\(Snippet.of(node)) → \(replacement.isEmpty ? "nothing" : Snippet.of(replacement))"))
        }
        return .visitChildren
    }

    override func visit(_ node: BreakStmtSyntax) -> SyntaxVisitorContinueKind {
        if isInLoop(node) {
            candidates.append(MutationCandidate(.loopExit, replacing: node, with: "", description: "leaves out the `break`: the loop goes on", change: "`break` left out"))
        }
        return .visitChildren
    }

    override func visit(_ node: ContinueStmtSyntax) -> SyntaxVisitorContinueKind {
        if isInLoop(node) {
            candidates.append(MutationCandidate(.loopExit, replacing: node, with: "", description: "leaves out the `continue`: the rest of the round runs", change: "`continue` left out"))
        }
        return .visitChildren
    }

    /// Inside a loop of the same function (not of a closure or a function in between).
    private func isInLoop(_ node: some SyntaxProtocol) -> Bool {
        var current = node.parent
        while let next = current {
            if next.is(ForStmtSyntax.self) || next.is(WhileStmtSyntax.self) || next.is(RepeatStmtSyntax.self) { return true }
            if next.is(ClosureExprSyntax.self) || next.is(FunctionDeclSyntax.self) || next.is(InitializerDeclSyntax.self)
                || next.is(SwitchCaseSyntax.self) { return false }
            current = next.parent
        }
        return false
    }

    override func visit(_ node: ThrowStmtSyntax) -> SyntaxVisitorContinueKind {
        // A `throw` that ends a `guard`'s else cannot go: the compiler requires it.
        let inGuard = SyntaxScope.isInside(node, GuardStmtSyntax.self, before: [ClosureExprSyntax.self, FunctionDeclSyntax.self, CodeBlockItemListSyntax.self])
            || node.parent?.parent?.parent?.parent?.is(GuardStmtSyntax.self) == true
        if !inGuard {
            candidates.append(MutationCandidate(
                .dropThrow, replacing: node, with: "",
                description: "swallows the error: leaves out \(Snippet.of(node))", change: "\(Snippet.of(node)) left out"))
        }
        let thrown = node.expression.trimmedDescription
        let others = facts.thrownErrors.filter { $0 != thrown }
        for other in others.isEmpty ? ["CancellationError()"] : others {
            candidates.append(MutationCandidate(
                .replaceError, replacing: node.expression, with: other,
                description: "throws \(Snippet.of(other)) instead of \(Snippet.of(thrown))"))
        }
        return .visitChildren
    }

    // MARK: try-optional

    override func visit(_ node: TryExprSyntax) -> SyntaxVisitorContinueKind {
        guard node.questionOrExclamationMark == nil, node.parent?.is(CodeBlockItemSyntax.self) == true else { return .visitChildren }
        candidates.append(MutationCandidate(
            .tryOptional, replacing: node.tryKeyword, with: "try?",
            description: "ignores the error of \(Snippet.of(node.expression)) with `try?`",
            change: "\(Snippet.of(node)) → `try?`"))
        return .visitChildren
    }

    // MARK: comparison

    static let comparisonSwaps: [String: String] = [
        "<=": "<", "<": "<=", ">=": ">", ">": ">=", "==": "!=", "!=": "==", "===": "!==", "!==": "===",
    ]

    override func visit(_ node: BinaryOperatorExprSyntax) -> SyntaxVisitorContinueKind {
        let written = node.operator.text
        guard let swapped = Self.comparisonSwaps[written] else { return .visitChildren }
        let context = node.parent?.as(ExprListSyntax.self)?.parent ?? Syntax(node)
        candidates.append(MutationCandidate(
            .comparison, replacing: node, with: swapped,
            description: "compares with `\(swapped)` instead of `\(written)` in \(Snippet.of(context))",
            change: "`\(written)` → `\(swapped)` in \(Snippet.of(context))"))
        return .visitChildren
    }

    // MARK: constant

    override func visit(_ node: IntegerLiteralExprSyntax) -> SyntaxVisitorContinueKind {
        guard !SyntaxScope.isInside(node, AttributeSyntax.self), SyntaxScope.enclosingBody(of: node) != nil || SyntaxScope.isInside(node, InitializerClauseSyntax.self),
              let value = Int(node.literal.text.filter { $0 != "_" }), value < Int.max else { return .visitChildren }
        let changed = value == 1 ? [0, 2] : [value + 1]
        for new in changed {
            candidates.append(MutationCandidate(.constant, replacing: node, with: String(new), description: "uses \(new) instead of \(node.literal.text)"))
        }
        return .visitChildren
    }

    override func visit(_ node: BooleanLiteralExprSyntax) -> SyntaxVisitorContinueKind {
        guard SyntaxScope.enclosingBody(of: node) != nil || SyntaxScope.isInside(node, InitializerClauseSyntax.self) else { return .visitChildren }
        let flipped = node.literal.text == "true" ? "false" : "true"
        candidates.append(MutationCandidate(.constant, replacing: node, with: flipped, description: "uses `\(flipped)` instead of `\(node.literal.text)`"))
        return .visitChildren
    }

    // MARK: reverse-iteration

    override func visit(_ node: ForStmtSyntax) -> SyntaxVisitorContinueKind {
        // With `_`, the order cannot matter to the body: the mutant would be equivalent.
        guard !node.pattern.is(WildcardPatternSyntax.self) else { return .visitChildren }
        candidates.append(MutationCandidate(
            .reverseIteration, replacing: node.sequence, with: "(\(node.sequence.trimmedDescription)).reversed()",
            description: "goes through \(Snippet.of(node.sequence)) in reverse order"))
        return .visitChildren
    }

    // MARK: swap-arguments

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        let arguments = Array(node.arguments)
        // `max` and `min` do not care about their order.
        guard arguments.count >= 2, !["max", "min"].contains(node.calledExpression.trimmedDescription) else { return .visitChildren }
        for index in 0..<(arguments.count - 1) {
            let first = arguments[index].expression, second = arguments[index + 1].expression
            guard first.trimmedDescription != second.trimmedDescription,
                  let firstType = facts.type(of: first), firstType == facts.type(of: second) else { continue }
            candidates.append(MutationCandidate(
                .swapArguments, at: first.positionAfterSkippingLeadingTrivia,
                edits: [.replacing(first, with: second.trimmedDescription), .replacing(second, with: first.trimmedDescription)],
                description: "passes \(Snippet.of(first)) and \(Snippet.of(second)) the other way round in \(Snippet.of(node))",
                change: "\(Snippet.of(first)) ↔ \(Snippet.of(second))"))
        }
        return .visitChildren
    }

    // MARK: replace-value

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        guard isValueUse(node), let function = SyntaxScope.enclosingFunction(of: node) else { return .visitChildren }
        let name = node.baseName.text
        // Another name of the same declared type, in scope in this function.
        if let type = facts.type(ofName: name, at: node) {
            for other in facts.names(ofType: type, visibleAt: node, in: function) where other != name {
                candidates.append(MutationCandidate(.replaceValue, replacing: node, with: other, description: "uses `\(other)` where the solution uses `\(name)`"))
            }
        }
        // A local compared with an element's member somewhere (`$0.due <= now`): inside a loop
        // over such elements, the element's member instead (`now` → `item.due`).
        for member in facts.comparisonPeers[name] ?? [] {
            for element in loopElements(around: node) {
                let replacement = "\(element).\(member)"
                candidates.append(MutationCandidate(.replaceValue, replacing: node, with: replacement, description: "uses `\(replacement)` where the solution uses `\(name)`"))
            }
        }
        return .visitChildren
    }

    /// An enumeration's case in a literal whose elements are all cases, written `.name`
    /// (`["ComposeSheet": .clean, "DraftRetrier": .controlFreak]`): each replaced by every
    /// other case the literal uses, which has the same type.
    override func visit(_ node: ArrayExprSyntax) -> SyntaxVisitorContinueKind {
        replaceCases(in: node, values: node.elements.map(\.expression), keys: nil)
        return .visitChildren
    }

    override func visit(_ node: DictionaryExprSyntax) -> SyntaxVisitorContinueKind {
        guard case .elements(let elements) = node.content else { return .visitChildren }
        replaceCases(in: node, values: elements.map(\.value), keys: elements.map(\.key))
        return .visitChildren
    }

    private func replaceCases(in literal: some ExprSyntaxProtocol, values: [ExprSyntax], keys: [ExprSyntax]?) {
        // As with constants: code that runs, or a value a declaration starts with.
        guard SyntaxScope.enclosingBody(of: literal) != nil || SyntaxScope.isInside(literal, InitializerClauseSyntax.self) else { return }
        let cases = values.compactMap { value -> String? in
            guard let member = value.as(MemberAccessExprSyntax.self), member.base == nil, member.declName.argumentNames == nil else { return nil }
            return member.declName.baseName.text
        }
        guard cases.count == values.count else { return }
        var distinct: [String] = []
        for name in cases where !distinct.contains(name) { distinct.append(name) }
        guard distinct.count > 1 else { return }
        for (index, value) in values.enumerated() {
            let written = cases[index]
            let entry = keys.map { " for \(Snippet.of($0[index]))" } ?? ""
            for other in distinct where other != written {
                candidates.append(MutationCandidate(
                    .replaceValue, replacing: value, with: ".\(other)",
                    description: "uses `.\(other)` where the solution uses `.\(written)`\(entry)"))
            }
        }
    }

    /// A name read as a value: not a called function's name, not a member's name, not what an
    /// assignment or an argument label writes to.
    private func isValueUse(_ node: DeclReferenceExprSyntax) -> Bool {
        guard node.argumentNames == nil, let parent = node.parent else { return false }
        if parent.is(MemberAccessExprSyntax.self), parent.as(MemberAccessExprSyntax.self)?.declName.id == node.id { return false }
        if let call = parent.as(FunctionCallExprSyntax.self), call.calledExpression.id == node.id { return false }
        if let list = parent.as(ExprListSyntax.self), list.first?.id == node.id,
           list.dropFirst().first?.is(AssignmentExprSyntax.self) == true { return false }
        if node.baseName.text == "self" || node.baseName.text == "super" || node.baseName.text.first?.isUppercase == true { return false }
        return true
    }

    /// The names of the `for` loops' elements around `node` (`item` in `for item in due`).
    private func loopElements(around node: some SyntaxProtocol) -> [String] {
        var names: [String] = []
        var current = node.parent
        while let next = current, !next.is(FunctionDeclSyntax.self) {
            if let loop = next.as(ForStmtSyntax.self), let pattern = loop.pattern.as(IdentifierPatternSyntax.self),
               loop.body.range.contains(node.position) {
                names.append(pattern.identifier.text)
            }
            current = next.parent
        }
        return names
    }
}
