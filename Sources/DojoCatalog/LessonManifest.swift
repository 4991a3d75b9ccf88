import WiringModel

/// The contents of a lesson's `lesson.yaml`, as an author writes it.
package struct LessonManifest: Codable, Equatable, Sendable {
    package var title: String
    package var summary: String
    /// The lesson's runnable module under Sources/.
    package var module: String
    package var exercises: [ExerciseManifest]
    /// Concrete types from other modules that the lesson accepts as Local Defaults, so the
    /// wiring analysis does not call, say, `= PrintLogger()` a Foreign Default there.
    package var toleratedDefaults: [String]?
    /// The Swift language mode the lesson's exercises compile in, 5 or 6 (`language-mode`);
    /// 5 when absent. An exercise may set its own.
    package var languageMode: Int?
    /// Why the lesson stays in an older language mode (`language-mode-reason`), for authors.
    package var languageModeReason: String?

    package init(
        title: String, summary: String, module: String, exercises: [ExerciseManifest], toleratedDefaults: [String]? = nil,
        languageMode: Int? = nil, languageModeReason: String? = nil
    ) {
        self.title = title
        self.summary = summary
        self.module = module
        self.exercises = exercises
        self.toleratedDefaults = toleratedDefaults
        self.languageMode = languageMode
        self.languageModeReason = languageModeReason
    }

    private enum CodingKeys: String, CodingKey {
        case title, summary, module, exercises
        case toleratedDefaults = "tolerated-defaults"
        case languageMode = "language-mode"
        case languageModeReason = "language-mode-reason"
    }
}

/// One exercise entry of `lesson.yaml`.
package struct ExerciseManifest: Codable, Equatable, Sendable {
    package var title: String
    /// `implement` (the default: the lesson's checks judge the learner's code) or `test` (the
    /// learner writes the tests, which must catch the lesson's mutants).
    package var kind: ExerciseKind?
    /// The learner's file name in the workspace, e.g. `SocialPresenter.swift`.
    package var file: String
    package var task: String
    package var hints: [Hint]
    /// For `kind: test`: the broken versions of the subject the learner's tests must catch.
    package var mutants: [MutantManifest]?
    /// Structural rules on the learner's file, which behaviour cannot see (see `WiringRule`).
    package var wiring: [WiringRule]?
    /// Compiler warnings that are errors in the learner's file: what Swift 6 would reject,
    /// though the exercise compiles in Swift 5 mode.
    package var warningsAsErrors: [WarningGroup]?
    /// The wrong attempts this exercise is proven to reject (see `MistakeManifest`).
    package var mistakes: [MistakeManifest]?
    /// The language mode of this exercise's learner file, 5 or 6, over the lesson's.
    package var languageMode: Int?
    /// Generated mutants of the solution (or, for `kind: test`, of the subject) that no check
    /// can tell from it, each with why (`didojo verify --mutate`).
    package var equivalent: [EquivalentMutant]?
    /// The top-level declarations of the solution that the learner is given, not asked to
    /// write (the same in the starter): `verify --mutate` leaves them alone.
    package var given: [String]?

    package init(
        title: String, kind: ExerciseKind? = nil, file: String, task: String, hints: [Hint],
        mutants: [MutantManifest]? = nil, wiring: [WiringRule]? = nil, warningsAsErrors: [WarningGroup]? = nil,
        mistakes: [MistakeManifest]? = nil, languageMode: Int? = nil, equivalent: [EquivalentMutant]? = nil,
        given: [String]? = nil
    ) {
        self.languageMode = languageMode
        self.equivalent = equivalent
        self.given = given
        self.title = title
        self.kind = kind
        self.file = file
        self.task = task
        self.hints = hints
        self.mutants = mutants
        self.wiring = wiring
        self.warningsAsErrors = warningsAsErrors
        self.mistakes = mistakes
    }

    private enum CodingKeys: String, CodingKey {
        case title, kind, file, task, hints, mutants, wiring, mistakes, equivalent, given
        case warningsAsErrors = "warnings-as-errors"
        case languageMode = "language-mode"
    }
}

/// A group of compiler warnings made errors for the learner's file (`-Werror <group>`), with
/// what the learner should read beside the compiler's message.
package struct WarningGroup: Codable, Equatable, Sendable {
    /// The compiler's name for the group, e.g. `SendableClosureCaptures` (the `[#…]` at the
    /// end of its warnings).
    package var group: String
    /// Shown in plain words under each error of the group.
    package var message: String

    package init(group: String, message: String) {
        self.group = group
        self.message = message
    }
}

/// What the learner does in an exercise.
package enum ExerciseKind: String, Codable, Equatable, Sendable {
    /// Write code that the lesson's checks judge.
    case implement
    /// Write a test (and its test double) that the lesson's mutants must not get past.
    case test
}

/// One mutant entry of `lesson.yaml`: a deliberately broken version of the subject.
package struct MutantManifest: Codable, Equatable, Sendable {
    /// The folder under `mutants/`.
    package var id: String
    /// What is broken, completing "your test did not notice: …".
    package var description: String

    package init(id: String, description: String) {
        self.id = id
        self.description = description
    }
}

/// One entry of a catalogue of mistakes: a wrong attempt a newcomer really makes, proven to
/// be rejected with words that name it (`didojo verify --mistakes`).
///
/// The attempt is the file `exercises/<n>/mistakes/<id>.swift`: the learner's whole file, with
/// that one mistake in it.
package struct MistakeManifest: Codable, Equatable, Sendable {
    package var id: String
    /// What the wrong attempt does, in the learner's terms.
    package var description: String
    /// Words every one of which must appear (case and line breaks aside) in the report the
    /// learner reads, so that the report names the mistake.
    package var expect: [String]
    /// The page (file name without `.md`) whose warning the mistake covers, if any.
    package var page: String?

    package init(id: String, description: String, expect: [String], page: String? = nil) {
        self.id = id
        self.description = description
        self.expect = expect
        self.page = page
    }

    private enum CodingKeys: String, CodingKey {
        case id, description, expect, page
    }

    package init(from decoder: any Decoder) throws {
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
package struct Hint: Codable, Equatable, Sendable, ExpressibleByStringLiteral {
    package var text: String
    /// Names of checks (`testPostsOnce`, or a wiring rule's `wiring:<rule>`) this hint answers.
    package var when: [String]

    package init(_ text: String, when: [String] = []) {
        self.text = text
        self.when = when
    }

    package init(stringLiteral text: String) {
        self.init(text)
    }

    private enum CodingKeys: String, CodingKey {
        case text, when
    }

    package init(from decoder: any Decoder) throws {
        if let text = try? decoder.singleValueContainer().decode(String.self) {
            self.init(text)
            return
        }
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(try container.decode(String.self, forKey: .text), when: try container.decodeIfPresent([String].self, forKey: .when) ?? [])
    }

    package func encode(to encoder: any Encoder) throws {
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
