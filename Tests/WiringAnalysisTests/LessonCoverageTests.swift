import Testing
import WiringAnalysis
import WiringModel

/// Every exercise under `Lessons/` has expectations in one of the lesson suites, and the rules the
/// lessons could ask for find exactly the lines of their starters and solutions they are about.
@Suite struct LessonCoverageTests {
    /// The exercises the lesson suites assert on; a new exercise fails here until it has expectations.
    static let covered: Set<String> = [
        "01-no-di.1", "01-no-di.2", "01-no-di.3",
        "02-constructor.1", "02-constructor.2", "02-constructor.3", "02-constructor.4", "02-constructor.5", "02-constructor.6",
        "03-setter.1", "03-setter.2", "03-setter.3",
        "04-cake.1", "04-cake.2", "04-cake.3",
        "05-viper-router.1", "05-viper-router.2", "05-viper-router.3", "05-viper-router.4",
        "06-container.1", "06-container.2", "06-container.3", "06-container.4",
        "07-dependency-values.1", "07-dependency-values.2", "07-dependency-values.3",
        "08-anti-patterns.1", "08-anti-patterns.2", "08-anti-patterns.3", "08-anti-patterns.4",
        "09-lifetimes.1", "09-lifetimes.2", "09-lifetimes.3", "09-lifetimes.4",
        "10-concurrency.1", "10-concurrency.2", "10-concurrency.3", "10-concurrency.4", "10-concurrency.5",
    ]

    @Test func everyExerciseHasExpectations() throws {
        let exercises = Set(try LessonExercise.all().map(\.description))
        #expect(exercises.subtracting(Self.covered).isEmpty, "exercises without expectations: \(exercises.subtracting(Self.covered).sorted())")
        #expect(Self.covered.subtracting(exercises).isEmpty, "expectations for missing exercises: \(Self.covered.subtracting(exercises).sorted())")
    }

    func violations(_ rule: WiringRule, _ exercise: LessonExercise, _ file: SourceFile) -> [Int] {
        rule.violations(in: exercise.analyze(file, with: (try? exercise.extra("support")) ?? [])).map(\.line)
    }

    @Test func eachRuleFindsExactlyTheLinesItIsAboutInTheLessonsFiles() throws {
        let cases: [(WiringRule, LessonExercise, starter: [Int], solution: [Int])] = [
            (WiringRule(kind: .noConcreteCreation, inside: ["SocialPresenter"], of: ["TwitterClient", "FacebookClient"]),
             LessonExercise(lesson: "02-constructor", number: 1), [10], []),
            (WiringRule(kind: .noConcreteCreation, inside: ["SocialPresenter"], of: ["SystemClock"]),
             LessonExercise(lesson: "02-constructor", number: 2), [9], []),
            (WiringRule(kind: .noDefaultArgumentOfConcreteType, inside: ["SocialPresenter"]),
             LessonExercise(lesson: "01-no-di", number: 3), [12], [12, 12]),
            (WiringRule(kind: .weakReference, inside: ["UserListPresenter"], property: "view"),
             LessonExercise(lesson: "05-viper-router", number: 2), [8], []),
            (WiringRule(kind: .noConcreteCreation, inside: ["UserListPresenter"], of: ["UserRouter", "TerminalNavigator"]),
             LessonExercise(lesson: "05-viper-router", number: 2), [18, 18], []),
            (WiringRule(kind: .noOptionalChainingOn, inside: ["SocialPresenter"], property: "output"),
             LessonExercise(lesson: "03-setter", number: 1), [25, 31], []),
            (WiringRule(kind: .noContainerResolveOutside, inside: ["makeAppCoordinator", "AppAssembly"]),
             LessonExercise(lesson: "06-container", number: 3), [20, 20, 23, 24, 25], []),
            (WiringRule(kind: .noProtocolExtensionDefault, protocolName: "UsesFileStore", member: "fileStore"),
             LessonExercise(lesson: "04-cake", number: 3), [], []),
            (WiringRule(kind: .noContainerResolveOutside, inside: ["ShareComposition"]),
             LessonExercise(lesson: "08-anti-patterns", number: 1), [16, 17, 18], []),
            (WiringRule(kind: .noDefaultArgumentOfConcreteType, inside: ["SharePresenter"]),
             LessonExercise(lesson: "08-anti-patterns", number: 1), [], []),
        ]
        for (rule, exercise, starter, solution) in cases {
            #expect(violations(rule, exercise, try exercise.starter) == starter, "\(rule.kind.rawValue) on \(exercise) starter")
            #expect(violations(rule, exercise, try exercise.solution) == solution, "\(rule.kind.rawValue) on \(exercise) solution")
        }
    }
}
