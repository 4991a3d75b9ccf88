import SwiftParser
import SwiftSyntax

/// What of the code under test the compiled checks depend on, spelled out as text: when an
/// edit leaves it as it was, the checks compiled last time hold as they are, even though the
/// module's interface changed. A learner who adds a helper the checks never name then waits
/// for one small compile, not for the checks to be compiled and linked again.
///
/// The checks call into the learner's module by symbol, and rely on its binary layout (there
/// is no library evolution: sizes, field offsets, vtable and witness-table slots are compiled
/// into them). So the text holds, without function bodies:
/// - imports, operators and precedence groups; whatever the compiler may inline into the
///   checks (`@inlinable`, `@_transparent`…, with its body); and anything this reader does not
///   know, whole (`#if` blocks, macro expansions);
/// - for every type the checks reach (see below): its header and its extensions' headers
///   (attributes, generic parameters, what it inherits and conforms to), its stored
///   properties and enum cases (the layout), its subscripts, every member of it when it is a
///   class, an actor or a protocol (their table slots), and, of a struct's, an enum's or an
///   extension's other members, those the checks name (initializers: when they name the type);
/// - the top-level functions, variables and aliases the checks name.
///
/// A function or property of an opaque type (`some P`) counts with its body: the type is
/// whatever the body returns.
///
/// A type is reached when the checks name it, or when something counted names it (a stored
/// property of its type, a function that returns it): the checks then hold its values, whose
/// layout they must know. A new declaration under another name cannot change which one the
/// checks' calls pick, and is called by its own symbol, so the checks compiled before still
/// run the new code correctly. Bodies never count: the learner's library is linked again at
/// every check.
enum CheckedInterface {
    /// The text for the code under test `sources`, given every name in the checks' source.
    ///
    /// - Parameter parsed: one of the sources already parsed (the learner's file).
    static func text(of sources: [String], namesInChecks: Set<String>, parsed: ParsedSource? = nil) -> String {
        let collector = Collector()
        for source in sources {
            let tree = parsed?.tree(of: source) ?? Parser.parse(source: source)
            collector.add(tree.statements.compactMap { $0.item.as(DeclSyntax.self) }, inside: nil)
        }
        return (["checked interface, version 1"] + collector.counted(namesInChecks: namesInChecks)).joined(separator: "\n")
    }

    /// Every token of `source` (identifiers, operators, keywords): every name its code can
    /// refer to, and more, which errs on the side of compiling the checks again.
    static func names(in source: String) -> Set<String> {
        Set(Parser.parse(source: source).tokens(viewMode: .sourceAccurate).map(\.text))
    }

    /// Attributes that put a body into the module interface, where the checks can inline it.
    private static let inliningAttributes: Set<String> = [
        "inlinable", "_transparent", "_alwaysEmitIntoClient", "usableFromInline", "inline", "_specialize",
    ]

    /// When a declaration's line counts.
    private enum Condition {
        case always
        /// When the checks reach the type.
        case typeReached(String)
        /// When the checks name it, and reach the type it is a member of (nil: top level).
        case named(String, inType: String?)
    }

    private struct Entry {
        let line: String
        let condition: Condition
        /// Its tokens: the types a counted entry names are reached.
        let tokens: [String]
    }

    private final class Collector {
        var entries: [Entry] = []
        var declaredTypes: Set<String> = []
        /// Classes, actors and protocols: every member of theirs counts.
        var slottedTypes: Set<String> = []

        /// The lines whose conditions hold, in the order of the sources.
        func counted(namesInChecks: Set<String>) -> [String] {
            var reached = namesInChecks
            var changed = true
            while changed {
                changed = false
                for entry in entries where holds(entry.condition, reached: reached, names: namesInChecks) {
                    for token in entry.tokens where declaredTypes.contains(token) && !reached.contains(token) {
                        reached.insert(token)
                        changed = true
                    }
                }
            }
            return entries.filter { holds($0.condition, reached: reached, names: namesInChecks) }.map(\.line)
        }

        private func holds(_ condition: Condition, reached: Set<String>, names: Set<String>) -> Bool {
            switch condition {
            case .always: return true
            case .typeReached(let type): return reached.contains(type)
            case .named(let name, let type?):
                return reached.contains(type) && (slottedTypes.contains(type) || names.contains(name))
            case .named(let name, nil): return names.contains(name)
            }
        }

        func add(_ declarations: [DeclSyntax], inside type: String?) {
            for declaration in declarations { add(declaration, inside: type) }
        }

        private func add(_ declaration: DeclSyntax, inside type: String?) {
            if Self.inlines(declaration) {
                return entry("whole", declaration, .always)
            }
            switch declaration.as(DeclSyntaxEnum.self) {
            case .structDecl(let decl): addType(decl, named: decl.name.text, slotted: false)
            case .enumDecl(let decl): addType(decl, named: decl.name.text, slotted: false)
            case .classDecl(let decl): addType(decl, named: decl.name.text, slotted: true)
            case .actorDecl(let decl): addType(decl, named: decl.name.text, slotted: true)
            case .protocolDecl(let decl): addType(decl, named: decl.name.text, slotted: true)
            case .extensionDecl(let decl):
                let extended = decl.extendedType.trimmedDescription.split(separator: ".").last.map(String.init) ?? ""
                entry("extension", decl.with(\.memberBlock, MemberBlockSyntax(members: [])), .typeReached(extended))
                add(decl.memberBlock.members.map(\.decl), inside: extended)
                entries.append(Entry(line: "}", condition: .typeReached(extended), tokens: []))
            case .importDecl, .operatorDecl, .precedenceGroupDecl:
                entry("whole", declaration, .always)
            case .enumCaseDecl, .associatedTypeDecl:
                entry("layout", declaration, type.map { .typeReached($0) } ?? .always)
            case .subscriptDecl(let decl):
                entry("subscript", decl.with(\.accessorBlock, nil), type.map { .typeReached($0) } ?? .always)
            case .variableDecl(let decl):
                addVariable(decl, inside: type)
            case .functionDecl(let decl):
                // An opaque result (`some P`) is whatever the body returns: the body counts too.
                let opaque = decl.signature.returnClause.map { Self.isOpaque($0.type) } ?? false
                entry("func", opaque ? decl : decl.with(\.body, nil), .named(decl.name.text, inType: type))
            case .initializerDecl(let decl):
                // Called by the type's name: counted whenever the type is reached.
                entry("init", decl.with(\.body, nil), type.map { .typeReached($0) } ?? .always)
            case .typeAliasDecl(let decl):
                entry("alias", decl, .named(decl.name.text, inType: type))
            case .deinitializerDecl:
                break
            default:
                // `#if` blocks, macro expansions, and whatever else: whole, to be safe.
                entry("whole", declaration, .always)
            }
        }

        private func addType(_ decl: some DeclGroupSyntax, named name: String, slotted: Bool) {
            declaredTypes.insert(name)
            if slotted { slottedTypes.insert(name) }
            entry("type", decl.with(\.memberBlock, MemberBlockSyntax(members: [])), .typeReached(name))
            add(decl.memberBlock.members.map(\.decl), inside: name)
            entries.append(Entry(line: "}", condition: .typeReached(name), tokens: []))
        }

        /// A stored variable counts with its type (the layout; with its initial value, which
        /// decides the type when there is no annotation); a computed one when it is named.
        private func addVariable(_ decl: VariableDeclSyntax, inside type: String?) {
            let stored = decl.bindings.allSatisfy { binding in
                guard let accessors = binding.accessorBlock?.accessors else { return true }
                guard case .accessors(let list) = accessors else { return false }
                return list.allSatisfy { ["willSet", "didSet"].contains($0.accessorSpecifier.text) }
            }
            // An opaque type (`some P`) is whatever the getter returns: the getter counts too.
            let opaque = decl.bindings.contains { binding in binding.typeAnnotation.map { Self.isOpaque($0.type) } ?? false }
            let signature = opaque ? decl : decl.with(\.bindings, PatternBindingListSyntax(decl.bindings.map { $0.with(\.accessorBlock, nil) }))
            let names = decl.bindings.compactMap { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text }
            if stored, let type {
                return entry("stored", signature, .typeReached(type))
            }
            // A global, or a computed property: when one of its names is named.
            for name in names.isEmpty ? [""] : names {
                entry(stored ? "global" : "computed", signature, .named(name, inType: type))
            }
        }

        private func entry(_ kind: String, _ node: some SyntaxProtocol, _ condition: Condition) {
            let tokens = node.tokens(viewMode: .sourceAccurate).map(\.text)
            entries.append(Entry(line: kind + " " + tokens.joined(separator: " "), condition: condition, tokens: tokens))
        }

        /// `some P`: a type the body decides.
        static func isOpaque(_ type: TypeSyntax) -> Bool {
            type.as(SomeOrAnyTypeSyntax.self)?.someOrAnySpecifier.tokenKind == .keyword(.some)
        }

        static func inlines(_ declaration: DeclSyntax) -> Bool {
            guard let attributes = declaration.asProtocol(WithAttributesSyntax.self)?.attributes else { return false }
            return attributes.contains { element in
                guard case .attribute(let attribute) = element else { return true }
                return CheckedInterface.inliningAttributes.contains(attribute.attributeName.trimmedDescription)
            }
        }
    }
}
