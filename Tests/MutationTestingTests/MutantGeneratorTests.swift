import MutationTesting
import Testing
import WiringAnalysis

/// Each operator on a small source: the mutants it makes, exactly.
@Suite struct MutantGeneratorTests {
    /// A lesson's vocabulary in small: one protocol, two clocks, an ambient clock with a scope,
    /// and a service locator.
    static let vocabulary = WiringVocabulary(
        abstractions: ["Clock"], volatileTypes: ["SystemClock", "FixedClock"],
        conformances: ["SystemClock": ["Clock"], "FixedClock": ["Clock"]]
    )
    static let ambients = AmbientAccessors(
        byProtocol: ["Clock": ["TimeProvider.current"]], locators: ["ServiceLocator.shared"], scopes: ["Clock": ["TimeProvider.using"]]
    )
    let generator = MutantGenerator(vocabulary: vocabulary, ambients: ambients)

    /// Operator, line and change of each mutant: the list a test compares.
    func summary(_ mutants: [SourceMutant]) -> [String] {
        mutants.map { "\($0.operator.rawValue) \($0.line): \($0.change)" }
    }

    @Test func aComparisonIsFlippedOrLoosened() {
        let source = """
        func due(_ items: [Int], now: Int) -> [Int] {
            items.filter { $0 <= now }
        }
        """
        let mutants = generator.mutants(of: source)
        #expect(mutants == [SourceMutant(
            operator: .comparison, line: 2, description: "compares with `<` instead of `<=` in `$0 <= now`",
            change: "`<=` → `<` in `$0 <= now`",
            source: """
            func due(_ items: [Int], now: Int) -> [Int] {
                items.filter { $0 < now }
            }
            """
        )])
    }

    @Test func aValueComparedWithAnElementsMemberIsReplacedByItInALoop() {
        let source = """
        struct Item { let text: String; let due: Int }
        func stamps(_ items: [Item], now: Int) -> [String] {
            let due = items.filter { $0.due <= now }
            var out: [String] = []
            for item in due {
                out.append("\\(item.text) \\(now)")
            }
            return out
        }
        """
        let replaced = generator.mutants(of: source).filter { $0.operator == .replaceValue }
        #expect(summary(replaced) == ["replace-value 6: `now` → `item.due`"])
        #expect(replaced.first?.description == "uses `item.due` where the solution uses `now`")
        #expect(replaced.first?.source.contains("out.append(\"\\(item.text) \\(item.due)\")") == true)
        #expect(summary(generator.mutants(of: source)) == [
            "comparison 3: `<=` → `<` in `$0.due <= now`",
            "reverse-iteration 5: `due` → `(due).reversed()`",
            "delete-statement 6: `out.append(\"\\(item.text) \\(now)\")` left out",
            "replace-value 6: `now` → `item.due`",
        ])
    }

    @Test func errorsAreIgnoredSwallowedAndReplaced() {
        let source = """
        func send(_ post: () throws -> Void, log: (String) -> Void) throws {
            do {
                try post()
            } catch {
                log("failed")
                throw error
            }
        }
        """
        #expect(summary(generator.mutants(of: source)) == [
            "delete-statement 3: `try post()` left out",
            "try-optional 3: `try post()` → `try?`",
            "delete-statement 5: `log(\"failed\")` left out",
            "drop-throw 6: `throw error` left out",
            "replace-error 6: `error` → `CancellationError()`",
        ])
    }

    @Test func constantsLoopsAndTheirExits() {
        let source = """
        func firstEven(_ numbers: [Int]) -> Int? {
            for number in numbers {
                if number % 2 == 0 {
                    return number
                }
            }
            return nil
        }
        """
        let mutants = generator.mutants(of: source)
        #expect(summary(mutants) == [
            "reverse-iteration 2: `numbers` → `(numbers).reversed()`",
            "comparison 3: `==` → `!=` in `number % 2 == 0`",
            "constant 3: `2` → `3`",
            "constant 3: `0` → `1`",
            "loop-exit 4: `return number` → `number`",
        ])
        #expect(mutants.last?.description == "does not leave the loop at `return number`: it goes on with the next round")
    }

    @Test func anInjectedDependencyIsHardWiredResolvedScopedAndDefaulted() {
        let source = """
        final class Stamper {
            private let clock: any Clock

            init(clock: any Clock) {
                self.clock = clock
            }

            func stamp(_ text: String) -> String {
                "\\(text) \\(clock.now())"
            }
        }
        """
        let mutants = generator.mutants(of: source)
        #expect(summary(mutants) == [
            "default-injection 4: `clock: any Clock` → `= FixedClock()`",
            "default-injection 4: `clock: any Clock` → `= SystemClock()`",
            "default-injection 4: `clock: any Clock` → `= TimeProvider.current`",
            "hard-wire 9: `clock` → `FixedClock()`",
            "hard-wire 9: `clock` → `SystemClock()`",
            "hard-wire 9: `clock` → `TimeProvider.current`",
            "ambient-scope 9: `stamp` in `TimeProvider.using`, `clock` → `TimeProvider.current`",
            "resolve-leak 9: `clock` → `(try ServiceLocator.shared.resolve((any Clock).self))`",
        ])
        #expect(mutants[4].description == "creates `SystemClock()` itself where it should use the injected `clock`")
        #expect(mutants[4].source.contains("\"\\(text) \\(SystemClock().now())\""))
        #expect(mutants[1].source.contains("init(clock: any Clock = SystemClock()) {"))
        #expect(mutants[6].source.contains("""
                func stamp(_ text: String) -> String {
                    return try TimeProvider.using(clock) {
            "\\(text) \\(TimeProvider.current.now())"
            }
                }
            """))
    }

    @Test func lifetimesAreShiftedAndReferencesWeakenedOrStrengthened() {
        let source = """
        final class Presenter {}
        final class Cache { func store(_ text: String) {} }
        final class Formatter { func format() -> String { "" } }
        final class Screen {
            weak var presenter: Presenter?
            private let cache = Cache()

            func show() {
                let formatter = Formatter()
                cache.store(formatter.format())
            }
        }
        """
        let mutants = generator.mutants(of: source)
        #expect(summary(mutants) == [
            "reference-strength 5: `weak var presenter` → `var presenter`",
            "reference-strength 5: `weak var presenter` → `unowned var presenter`",
            "lifetime-shift 9: `Formatter()` → a stored `lazy var`",
            "delete-statement 10: `cache.store(formatter.format())` left out",
            "lifetime-shift 10: `cache` → `Cache()` at every use",
        ])
        #expect(mutants[2].source.contains("""
            final class Screen {
                private lazy var keptFormatter = Formatter()
                weak var presenter: Presenter?
            """))
        #expect(mutants[2].source.contains("let formatter = self.keptFormatter"))
        #expect(mutants[4].source.contains("Cache().store(formatter.format())"))
    }

    @Test func aContainersScopeIsChanged() {
        let source = """
        func register(_ container: Container) {
            container.register(Clock.self) { _ in SystemClock() }.inObjectScope(.container)
        }
        """
        let mutants = generator.mutants(of: source)
        #expect(summary(mutants) == [
            "delete-statement 2: `container.register(Clock.self) { _ in SystemClock() }.inObj…` left out",
            "lifetime-shift 2: `.container` → `.transient`",
            "lifetime-shift 2: `.container` → `.graph`",
            "lifetime-shift 2: `.container` → `.weak`",
        ])
        #expect(mutants[1].description == "gives `container.register(Clock.self) { _ in SystemClock() }` the `.transient` lifetime where the solution has `.container`")
    }

    @Test func twoArgumentsOfOneTypeAreSwapped() {
        let source = """
        func greet(_ first: String, _ last: String) -> String { first + last }
        func run(first: String, last: String) -> String {
            greet(first, last) + max(first, last)
        }
        """
        #expect(summary(generator.mutants(of: source).filter { $0.operator == .swapArguments }) == [
            "swap-arguments 3: `first` ↔ `last`",
        ])
    }

    @Test func aMutantsDiffShowsTheChangedLineInItsContext() {
        let source = "let a = 1\nfunc f(_ x: Int) -> Bool {\n    x <= 3\n}\nlet b = 2\n"
        let mutant = generator.mutants(of: source).first { $0.operator == .comparison }!
        #expect(mutant.diff(from: source, fileName: "F.swift") == """
            --- a/F.swift
            +++ b/F.swift
            @@ -1,5 +1,5 @@
             let a = 1
             func f(_ x: Int) -> Bool {
            -    x <= 3
            +    x < 3
             }
             let b = 2

            """)
    }

    @Test func ambientAccessorsAreLearnedFromTheModulesSources() {
        let module = SourceFile(path: "Lesson/TimeProvider.swift", text: """
            public enum TimeProvider {
                public static var current: any Clock { get { SystemClock() } set {} }
                public static func using<R>(_ clock: any Clock, _ body: () throws -> R) rethrows -> R { try body() }
            }
            public final class ServiceLocator {
                public static let shared = ServiceLocator()
                public func resolve<S>(_ type: S.Type) throws -> S { fatalError() }
            }
            """)
        #expect(AmbientAccessors.learned(from: [module], vocabulary: Self.vocabulary) == Self.ambients)
    }
}

extension MutantGeneratorTests {
    @Test func aStaticFunctionsParameterGetsNoDefault() {
        let source = """
        enum Ambient {
            static func using(_ clock: any Clock, _ body: () -> Void) { body() }
        }
        """
        #expect(generator.mutants(of: source).filter { $0.operator == .defaultInjection }.isEmpty)
    }
}

extension MutantGeneratorTests {
    /// A value's lifetime cannot matter: every resolve, every use, gets an equal copy.
    @Test func aValuesLifetimeIsLeftAlone() {
        var vocabulary = Self.vocabulary
        vocabulary.kinds = ["SystemClock": .struct, "Cache": .class]
        let generator = MutantGenerator(vocabulary: vocabulary)
        let source = """
        func register(_ container: Container) {
            container.register(Clock.self) { _ in SystemClock() }.inObjectScope(.container)
            container.register(Cache.self) { _ in Cache() }.inObjectScope(.container)
        }
        final class Screen {
            private let clock = SystemClock()
            private let cache = Cache()
            func show() { cache.store(clock.now()) }
        }
        """
        #expect(summary(generator.mutants(of: source).filter { $0.operator == .lifetimeShift }) == [
            "lifetime-shift 3: `.container` → `.transient`",
            "lifetime-shift 3: `.container` → `.graph`",
            "lifetime-shift 3: `.container` → `.weak`",
            "lifetime-shift 8: `cache` → `Cache()` at every use",
        ])
    }
}

extension MutantGeneratorTests {
    /// A wrong verdict in a table of cases: each case replaced by every other one the literal
    /// uses (they have its type); a literal with a value that is not a case is left alone.
    @Test func anEnumerationsCaseInALiteralIsReplacedByAnotherOfItsCases() {
        let source = """
        let verdicts: [String: Verdict] = [
            "Sheet": .clean,
            "Retrier": .controlFreak,
            "Greeting": .clean,
        ]
        func networks() -> [Network] {
            [.twitter, .facebook]
        }
        let mixed: [Network] = [.twitter, Network.facebook]
        """
        let mutants = generator.mutants(of: source)
        #expect(summary(mutants) == [
            "replace-value 2: `.clean` → `.controlFreak`",
            "replace-value 3: `.controlFreak` → `.clean`",
            "replace-value 4: `.clean` → `.controlFreak`",
            "replace-value 7: `.twitter` → `.facebook`",
            "replace-value 7: `.facebook` → `.twitter`",
        ])
        #expect(mutants[1].description == "uses `.clean` where the solution uses `.controlFreak` for `\"Retrier\"`")
        #expect(mutants[1].source.contains("    \"Retrier\": .clean,\n"))
        #expect(mutants[3].description == "uses `.facebook` where the solution uses `.twitter`")
        #expect(mutants[3].source.contains("[.facebook, .facebook]"))
    }

    /// The code an exercise hands the learner (lesson.yaml's `given`) is read, for the names
    /// and types it declares, but never changed: only what the learner writes is mutated.
    @Test func givenDeclarationsAreReadButNeverChanged() {
        let source = """
        let verdicts: [String: Verdict] = ["Stamper": .clean, "Retrier": .controlFreak]

        final class Stamper {
            private let clock: any Clock
            init(clock: any Clock) { self.clock = clock }
            func stamp() -> String { "\\(clock.now())" }
        }

        extension Stamper {
            func twice() -> Bool { 1 < 2 }
        }

        func retry(_ attempts: Int) -> Int { attempts + 1 }
        """
        let given: Set<String> = ["Stamper", "retry"]
        #expect(summary(generator.mutants(of: source, leaving: given)) == [
            "replace-value 1: `.clean` → `.controlFreak`",
            "replace-value 1: `.controlFreak` → `.clean`",
        ])
        // Without `given`, the same file has mutants of the class, its extension and the function.
        #expect(Set(generator.mutants(of: source).map(\.line)) == [1, 5, 6, 10, 13])
        let code = GivenCode(names: ["Stamper", "retry", "Missing"], in: source)
        #expect(code.missing == ["Missing"])
        #expect(code.texts["retry"] == "func retry(_ attempts: Int) -> Int { attempts + 1 }")
        #expect(code.texts["Stamper"]?.hasPrefix("final class Stamper {") == true)
        #expect(code.texts["Stamper"]?.hasSuffix("extension Stamper {\n    func twice() -> Bool { 1 < 2 }\n}") == true)
    }
}
