/// The contents of a lesson's `lesson.yaml`, as an author writes it.
public struct LessonManifest: Codable, Equatable, Sendable {
    public var title: String
    public var summary: String
    /// The lesson's runnable module under Sources/.
    public var module: String
    public var exercises: [ExerciseManifest]

    public init(title: String, summary: String, module: String, exercises: [ExerciseManifest]) {
        self.title = title
        self.summary = summary
        self.module = module
        self.exercises = exercises
    }
}

/// One exercise entry of `lesson.yaml`.
public struct ExerciseManifest: Codable, Equatable, Sendable {
    public var title: String
    /// `implement` (the default: the lesson's checks judge the learner's code) or `test` (the
    /// learner writes the tests, which must catch the lesson's mutants).
    public var kind: ExerciseKind?
    /// The learner's file name in the workspace, e.g. `SocialPresenter.swift`.
    public var file: String
    public var task: String
    public var hints: [Hint]
    /// For `kind: test`: the broken versions of the subject the learner's tests must catch.
    public var mutants: [MutantManifest]?
    /// Structural rules on the learner's file, which behaviour cannot see (see `WiringRule`).
    public var wiring: [WiringRule]?
    /// The wrong attempts this exercise is proven to reject (see `MistakeManifest`).
    public var mistakes: [MistakeManifest]?

    public init(
        title: String, kind: ExerciseKind? = nil, file: String, task: String, hints: [Hint],
        mutants: [MutantManifest]? = nil, wiring: [WiringRule]? = nil, mistakes: [MistakeManifest]? = nil
    ) {
        self.title = title
        self.kind = kind
        self.file = file
        self.task = task
        self.hints = hints
        self.mutants = mutants
        self.wiring = wiring
        self.mistakes = mistakes
    }
}

/// What the learner does in an exercise.
public enum ExerciseKind: String, Codable, Equatable, Sendable {
    /// Write code that the lesson's checks judge.
    case implement
    /// Write a test (and its test double) that the lesson's mutants must not get past.
    case test
}

/// One mutant entry of `lesson.yaml`: a deliberately broken version of the subject.
public struct MutantManifest: Codable, Equatable, Sendable {
    /// The folder under `mutants/`.
    public var id: String
    /// What is broken, completing "your test did not notice: …".
    public var description: String

    public init(id: String, description: String) {
        self.id = id
        self.description = description
    }
}

/// One entry of a catalogue of mistakes: a wrong attempt a newcomer really makes, proven to
/// be rejected with words that name it (`didojo verify --mistakes`).
///
/// The attempt is the file `exercises/<n>/mistakes/<id>.swift`: the learner's whole file, with
/// that one mistake in it.
public struct MistakeManifest: Codable, Equatable, Sendable {
    public var id: String
    /// What the wrong attempt does, in the learner's terms.
    public var description: String
    /// Words every one of which must appear (case and line breaks aside) in the report the
    /// learner reads, so that the report names the mistake.
    public var expect: [String]
    /// The page (file name without `.md`) whose warning the mistake covers, if any.
    public var page: String?

    public init(id: String, description: String, expect: [String], page: String? = nil) {
        self.id = id
        self.description = description
        self.expect = expect
        self.page = page
    }

    private enum CodingKeys: String, CodingKey {
        case id, description, expect, page
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        description = try container.decode(String.self, forKey: .description)
        // One phrase may be written without the brackets of a list.
        if let phrases = try? container.decode([String].self, forKey: .expect) {
            expect = phrases
        } else {
            expect = [try container.decode(String.self, forKey: .expect)]
        }
        page = try container.decodeIfPresent(String.self, forKey: .page)
    }
}

/// A hint, and the failing checks it answers first: `hint` offers the hint whose `when` names a
/// check that failed in the learner's last check before the others. Written as plain text
/// (a hint for any failure) or as `{text: …, when: [testPostsOnce, …]}`.
public struct Hint: Codable, Equatable, Sendable, ExpressibleByStringLiteral {
    public var text: String
    /// Names of checks (`testPostsOnce`, or a wiring rule's `wiring:<rule>`) this hint answers.
    public var when: [String]

    public init(_ text: String, when: [String] = []) {
        self.text = text
        self.when = when
    }

    public init(stringLiteral text: String) {
        self.init(text)
    }

    private enum CodingKeys: String, CodingKey {
        case text, when
    }

    public init(from decoder: any Decoder) throws {
        if let text = try? decoder.singleValueContainer().decode(String.self) {
            self.init(text)
            return
        }
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(try container.decode(String.self, forKey: .text), when: try container.decodeIfPresent([String].self, forKey: .when) ?? [])
    }

    public func encode(to encoder: any Encoder) throws {
        if when.isEmpty {
            var container = encoder.singleValueContainer()
            try container.encode(text)
        } else {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(text, forKey: .text)
            try container.encode(when, forKey: .when)
        }
    }
}

/// A structural rule on the learner's file, for mistakes that leave behaviour right and the
/// wiring wrong (a concrete client as a default argument, a Cake requirement met by a protocol
/// extension). The checker evaluates it on the learner's source; a broken rule fails the check
/// with `message`, which names the mistake.
public struct WiringRule: Codable, Equatable, Sendable {
    /// The kind of rule, e.g. `no-concrete-creation` (see `WiringRule.Kind`).
    public var rule: Kind
    /// The type (or, for `no-container-resolve-outside`, the types and functions) it is about.
    public var `in`: [String]?
    /// For `no-concrete-creation`: the concrete types the type must not create.
    public var of: [String]?
    /// For `no-protocol-extension-default`.
    public var `protocol`: String?
    public var member: String?
    /// For `weak-reference` and `no-optional-chaining-on`.
    public var property: String?
    /// For `warnings-as-errors`: the compiler's diagnostic group, e.g. `SendableClosureCaptures`.
    public var group: String?
    /// What the learner reads when the rule is broken: the mistake, in their terms.
    public var message: String

    public enum Kind: String, Codable, Equatable, Sendable, CaseIterable {
        case noConcreteCreation = "no-concrete-creation"
        case noDefaultArgumentOfConcreteType = "no-default-argument-of-concrete-type"
        case noProtocolExtensionDefault = "no-protocol-extension-default"
        case weakReference = "weak-reference"
        case noContainerResolveOutside = "no-container-resolve-outside"
        case noOptionalChainingOn = "no-optional-chaining-on"
        /// The stored `property` of the type `in` is a `let`: an injected dependency that is
        /// not meant to be swapped later.
        case immutableProperty = "immutable-property"
        /// No `property!` anywhere in the type `in`.
        case noForceUnwrap = "no-force-unwrap"
        /// Compile the learner's file with the diagnostic group's warnings as errors.
        case warningsAsErrors = "warnings-as-errors"
    }

    /// The name the rule's check goes by in reports and in hints' `when`.
    public var checkName: String {
        "wiring:\(rule.rawValue)" + (`in`?.first.map { ":\($0)" } ?? "") + (property.map { ".\($0)" } ?? "")
    }

    private enum CodingKeys: String, CodingKey {
        case rule, `in`, of, `protocol`, member, property, group, message
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let name = try container.decode(String.self, forKey: .rule)
        guard let kind = Kind(rawValue: name) else {
            throw DecodingError.dataCorruptedError(
                forKey: .rule, in: container,
                debugDescription: "'\(name)' is not a wiring rule. Allowed: \(Kind.allCases.map(\.rawValue).joined(separator: ", "))"
            )
        }
        rule = kind
        // `in` may name one type without the brackets of a list.
        if let names = try? container.decodeIfPresent([String].self, forKey: .in) {
            self.in = names
        } else {
            self.in = try container.decodeIfPresent(String.self, forKey: .in).map { [$0] }
        }
        of = try container.decodeIfPresent([String].self, forKey: .of)
        self.protocol = try container.decodeIfPresent(String.self, forKey: .protocol)
        member = try container.decodeIfPresent(String.self, forKey: .member)
        property = try container.decodeIfPresent(String.self, forKey: .property)
        group = try container.decodeIfPresent(String.self, forKey: .group)
        message = try container.decode(String.self, forKey: .message)
    }
}
