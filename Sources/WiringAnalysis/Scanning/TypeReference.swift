import Foundation
import SwiftSyntax

/// A declared type (of a property, a parameter, a requirement) reduced to what the wiring cares about.
///
/// `(any SocialPostOutput)?` becomes the name `SocialPostOutput`, written as an abstraction, optional.
/// Collections keep their element's names (`[any Logger]` depends on `Logger`); function and tuple
/// types have no names, because a closure is not a type another type holds.
struct TypeReference: Hashable, Sendable {
    /// The nominal types named, without module prefixes (`Domain.Clock` is `Clock`).
    var names: [String] = []
    /// Written `any X` or `some X`: the author says X is an abstraction.
    var isWrittenAsAbstraction = false
    /// `X?` or `X!`.
    var isOptional = false
    /// A function type: a closure, not a type.
    var isFunction = false
    /// The names are the elements of an array, set or dictionary.
    var isCollection = false
    /// The type as written.
    var text: String = ""

    init(_ type: TypeSyntax) {
        text = type.trimmedDescription
        collect(type)
    }

    /// A reference to one named type (a type inferred from `= TwitterClient()`).
    init(name: String) {
        names = [name]
        text = name
    }

    private mutating func collect(_ type: TypeSyntax) {
        if let identifier = type.as(IdentifierTypeSyntax.self) {
            let name = identifier.name.text
            let arguments = identifier.genericArgumentClause?.arguments.compactMap { $0.argument.as(TypeSyntax.self) } ?? []
            switch name {
            case "Optional" where arguments.count == 1:
                isOptional = true
                collect(arguments[0])
            case "Array" where arguments.count == 1, "Set" where arguments.count == 1:
                isCollection = true
                collect(arguments[0])
            case "Dictionary" where arguments.count == 2:
                isCollection = true
                collect(arguments[1])
            default:
                names.append(name)
            }
        } else if let member = type.as(MemberTypeSyntax.self) {
            names.append(member.name.text)
        } else if let someOrAny = type.as(SomeOrAnyTypeSyntax.self) {
            isWrittenAsAbstraction = true
            collect(someOrAny.constraint)
        } else if let optional = type.as(OptionalTypeSyntax.self) {
            isOptional = true
            collect(optional.wrappedType)
        } else if let unwrapped = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
            isOptional = true
            collect(unwrapped.wrappedType)
        } else if let tuple = type.as(TupleTypeSyntax.self) {
            // `(any X)` is a parenthesised type; a real tuple holds values, not a dependency.
            if tuple.elements.count == 1, let element = tuple.elements.first {
                collect(element.type)
            }
        } else if let array = type.as(ArrayTypeSyntax.self) {
            isCollection = true
            collect(array.element)
        } else if let dictionary = type.as(DictionaryTypeSyntax.self) {
            isCollection = true
            collect(dictionary.value)
        } else if let composition = type.as(CompositionTypeSyntax.self) {
            for element in composition.elements {
                collect(element.type)
            }
        } else if let attributed = type.as(AttributedTypeSyntax.self) {
            collect(attributed.baseType)
        } else if type.is(FunctionTypeSyntax.self) {
            isFunction = true
        }
        // Metatypes, packs and anything else name no collaborator.
    }
}

/// Reads type names out of expressions such as `Clock.self`, `(any Logger).self` or `Domain.TwitterClient`.
enum TypeNameReading {
    /// The type named by a `X.self` argument (`register(X.self)`, `resolve((any X).self)`), if it is one.
    static func metatypeArgument(_ expression: ExprSyntax) -> String? {
        guard let member = expression.as(MemberAccessExprSyntax.self),
              member.declName.baseName.text == "self",
              let base = member.base
        else { return nil }
        return typeName(inTypeText: base.trimmedDescription)
    }

    /// The last nominal type name in a type written as text: `(any Domain.Logger)?` gives `Logger`.
    static func typeName(inTypeText text: String) -> String? {
        var cleaned = text
        for token in ["(", ")", "?", "!", "any ", "some "] {
            cleaned = cleaned.replacingOccurrences(of: token, with: " ")
        }
        let words = cleaned.split(separator: " ").map(String.init)
        guard let last = words.last, let name = last.split(separator: ".").last.map(String.init) else { return nil }
        return isTypeLike(name) ? name : nil
    }

    /// Whether a name is spelled like a type: it starts with an upper-case letter.
    ///
    /// Swift's naming conventions make this the strongest signal there is without type checking.
    /// `XCTAssert…` and friends are upper-case functions, so they are excluded by name.
    static func isTypeLike(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first.properties.isUppercase else { return false }
        return !name.hasPrefix("XCT") && name != "Self"
    }
}
