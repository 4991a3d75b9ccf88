import SwiftParser
import SwiftSyntax

/// The names a Swift file declares where they can take the place of another module's: at the
/// top level, and as members of types and extensions. Locals inside function bodies, closures
/// and accessors are left out (they are visible only there), and so are parameters.
///
/// Found by parsing, so `#if` blocks, attributes and odd formatting are all seen.
struct DeclaredNames {
    /// Where a name is declared.
    enum Place: Hashable, Sendable {
        case topLevel
        /// A member of a type the file declares (`struct`, `class`, `enum`, `actor`), by the
        /// type's simple name.
        case memberOfType(String)
        /// A member of a protocol the file declares.
        case memberOfProtocol(String)
        /// A member added by an extension, by the extended type's simple name.
        case memberOfExtension(String)
    }

    /// What a declaration declares, as far as shadowing goes.
    enum Kind: Hashable, Sendable {
        /// A struct, class, enum or actor: its members are reached only through its values.
        case concreteType
        /// A protocol: its extensions' members reach every type that conforms, XCTest's too.
        case protocolType
        /// Anything else: a function, a variable, an alias, a case, an initializer…
        case other
    }

    /// One declared name, and where in the file it is.
    struct Declaration: Hashable, Sendable {
        /// `XCTAssertEqual`, `init`, `subscript`, `==`.
        let name: String
        let kind: Kind
        let place: Place
        let line: Int
        let column: Int
    }

    let declarations: [Declaration]

    init(source: String) {
        self.init(tree: Parser.parse(source: source))
    }

    init(tree: SourceFileSyntax) {
        let converter = SourceLocationConverter(fileName: "", tree: tree)
        var found: [Declaration] = []
        Self.collect(tree.statements.map(\.item), place: .topLevel, converter: converter, into: &found)
        declarations = found
    }

    /// The structs, classes, enums and actors the file declares at the top level: what an
    /// `extension` of that name in the file extends. (A nested type of the same name is not:
    /// an extension at the top level names the outside one.)
    var concreteTypes: Set<String> {
        Set(declarations.filter { $0.kind == .concreteType && $0.place == .topLevel }.map(\.name))
    }

    /// Whether the file declares `name` at `place`, or in a type of `place`'s name whichever
    /// way (as the type's own member or in an extension of it).
    func declares(_ name: String, at place: Place) -> Bool {
        switch place {
        case .topLevel:
            return declarations.contains { $0.name == name && $0.place == .topLevel }
        case .memberOfType(let type), .memberOfProtocol(let type), .memberOfExtension(let type):
            let places: Set<Place> = [.memberOfType(type), .memberOfProtocol(type), .memberOfExtension(type)]
            return declarations.contains { $0.name == name && places.contains($0.place) }
        }
    }

    private static func collect(_ items: [some SyntaxProtocol], place: Place, converter: SourceLocationConverter, into found: inout [Declaration]) {
        for item in items {
            collect(Syntax(item), place: place, converter: converter, into: &found)
        }
    }

    private static func collect(_ node: Syntax, place: Place, converter: SourceLocationConverter, into found: inout [Declaration]) {
        func add(_ name: String, at token: TokenSyntax, kind: Kind = .other) {
            let location = token.startLocation(converter: converter)
            found.append(Declaration(name: name, kind: kind, place: place, line: location.line, column: location.column))
        }
        func members(_ block: MemberBlockSyntax, as inner: Place) {
            collect(block.members.map(\.decl), place: inner, converter: converter, into: &found)
        }

        if let type = node.as(StructDeclSyntax.self) {
            add(type.name.text, at: type.name, kind: .concreteType)
            members(type.memberBlock, as: .memberOfType(type.name.text))
        } else if let type = node.as(ClassDeclSyntax.self) {
            add(type.name.text, at: type.name, kind: .concreteType)
            members(type.memberBlock, as: .memberOfType(type.name.text))
        } else if let type = node.as(EnumDeclSyntax.self) {
            add(type.name.text, at: type.name, kind: .concreteType)
            members(type.memberBlock, as: .memberOfType(type.name.text))
        } else if let type = node.as(ActorDeclSyntax.self) {
            add(type.name.text, at: type.name, kind: .concreteType)
            members(type.memberBlock, as: .memberOfType(type.name.text))
        } else if let type = node.as(ProtocolDeclSyntax.self) {
            add(type.name.text, at: type.name, kind: .protocolType)
            members(type.memberBlock, as: .memberOfProtocol(type.name.text))
        } else if let ext = node.as(ExtensionDeclSyntax.self) {
            members(ext.memberBlock, as: .memberOfExtension(simpleName(of: ext.extendedType)))
        } else if let function = node.as(FunctionDeclSyntax.self) {
            add(function.name.text, at: function.name)
        } else if let variable = node.as(VariableDeclSyntax.self) {
            for binding in variable.bindings {
                for identifier in binding.pattern.tokens(viewMode: .sourceAccurate) where identifier.tokenKind.isIdentifier {
                    add(identifier.text, at: identifier)
                }
            }
        } else if let alias = node.as(TypeAliasDeclSyntax.self) {
            add(alias.name.text, at: alias.name)
        } else if let associated = node.as(AssociatedTypeDeclSyntax.self) {
            add(associated.name.text, at: associated.name)
        } else if let macro = node.as(MacroDeclSyntax.self) {
            add(macro.name.text, at: macro.name)
        } else if let initializer = node.as(InitializerDeclSyntax.self) {
            add("init", at: initializer.initKeyword)
        } else if let subscriptDecl = node.as(SubscriptDeclSyntax.self) {
            add("subscript", at: subscriptDecl.subscriptKeyword)
        } else if let cases = node.as(EnumCaseDeclSyntax.self) {
            for element in cases.elements { add(element.name.text, at: element.name) }
        } else if let conditional = node.as(IfConfigDeclSyntax.self) {
            // Every branch: which one is compiled depends on flags the parser does not know.
            for clause in conditional.clauses {
                guard let elements = clause.elements else { continue }
                switch elements {
                case .statements(let statements): collect(statements.map(\.item), place: place, converter: converter, into: &found)
                case .decls(let decls): collect(decls.map(\.decl), place: place, converter: converter, into: &found)
                default: break
                }
            }
        }
    }

    /// `XCTestCase`, `Domain.FixedClock` → `FixedClock`, `[String]` → `Array`, `Foo<Int>` → `Foo`.
    static func simpleName(of type: TypeSyntax) -> String {
        if let identifier = type.as(IdentifierTypeSyntax.self) { return identifier.name.text }
        if let member = type.as(MemberTypeSyntax.self) { return member.name.text }
        if type.is(ArrayTypeSyntax.self) { return "Array" }
        if type.is(DictionaryTypeSyntax.self) { return "Dictionary" }
        if type.is(OptionalTypeSyntax.self) { return "Optional" }
        return type.trimmedDescription
    }
}

private extension TokenKind {
    var isIdentifier: Bool {
        if case .identifier = self { return true }
        return false
    }
}
