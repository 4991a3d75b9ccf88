import SwiftSyntax

/// Where a node is: the type and the function around it, found by walking up the tree.
enum SyntaxScope {
    /// The nearest type declaration (class, struct, actor, enum, extension) around `node`.
    static func enclosingType(of node: some SyntaxProtocol) -> DeclSyntax? {
        var current = node.parent
        while let next = current {
            if next.is(ClassDeclSyntax.self) || next.is(StructDeclSyntax.self) || next.is(ActorDeclSyntax.self)
                || next.is(EnumDeclSyntax.self) || next.is(ExtensionDeclSyntax.self) {
                return next.as(DeclSyntax.self)
            }
            current = next.parent
        }
        return nil
    }

    /// The name of a type declaration (an extension's extended type).
    static func name(of type: DeclSyntax) -> String? {
        if let decl = type.as(ClassDeclSyntax.self) { return decl.name.text }
        if let decl = type.as(StructDeclSyntax.self) { return decl.name.text }
        if let decl = type.as(ActorDeclSyntax.self) { return decl.name.text }
        if let decl = type.as(EnumDeclSyntax.self) { return decl.name.text }
        if let decl = type.as(ExtensionDeclSyntax.self) { return decl.extendedType.trimmedDescription }
        return nil
    }

    /// The member block of a type declaration.
    static func members(of type: DeclSyntax) -> MemberBlockSyntax? {
        if let decl = type.as(ClassDeclSyntax.self) { return decl.memberBlock }
        if let decl = type.as(StructDeclSyntax.self) { return decl.memberBlock }
        if let decl = type.as(ActorDeclSyntax.self) { return decl.memberBlock }
        if let decl = type.as(EnumDeclSyntax.self) { return decl.memberBlock }
        if let decl = type.as(ExtensionDeclSyntax.self) { return decl.memberBlock }
        return nil
    }

    /// The nearest function, initializer, accessor or closure around `node`.
    static func enclosingBody(of node: some SyntaxProtocol) -> Syntax? {
        var current = node.parent
        while let next = current {
            if next.is(FunctionDeclSyntax.self) || next.is(InitializerDeclSyntax.self) || next.is(AccessorDeclSyntax.self)
                || next.is(ClosureExprSyntax.self) || next.is(DeinitializerDeclSyntax.self) {
                return next
            }
            current = next.parent
        }
        return nil
    }

    /// The nearest function or initializer declaration around `node`, closures looked through.
    static func enclosingFunction(of node: some SyntaxProtocol) -> Syntax? {
        var current = node.parent
        while let next = current {
            if next.is(FunctionDeclSyntax.self) || next.is(InitializerDeclSyntax.self) || next.is(AccessorDeclSyntax.self) {
                return next
            }
            if next.is(MemberBlockSyntax.self) { return nil }
            current = next.parent
        }
        return nil
    }

    static func isInside<T: SyntaxProtocol>(_ node: some SyntaxProtocol, _ type: T.Type, before stop: [SyntaxProtocol.Type] = []) -> Bool {
        var current = node.parent
        while let next = current {
            if next.is(type) { return true }
            if stop.contains(where: { next.is($0) }) { return false }
            current = next.parent
        }
        return false
    }

    /// A type's written name with `any`, `some`, optionality and parentheses taken away:
    /// `(any Clock)?` → `Clock`.
    static func bareTypeName(_ type: TypeSyntax) -> String {
        String(type.trimmedDescription.replacingAll("any ", "").replacingAll("some ", "")
            .filter { !"()?! ".contains($0) })
    }

    /// Whether the type is written as optional (`T?`, `(any P)?`, `T!`).
    static func isOptional(_ type: TypeSyntax) -> Bool {
        type.is(OptionalTypeSyntax.self) || type.is(ImplicitlyUnwrappedOptionalTypeSyntax.self)
    }
}

extension String {
    /// Every occurrence of `target` replaced (Foundation is not linked here).
    func replacingAll(_ target: String, _ replacement: String) -> String {
        guard !target.isEmpty else { return self }
        var result = ""
        var rest = Substring(self)
        while let range = rest.firstRange(of: target) {
            result += rest[..<range.lowerBound] + replacement
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}
