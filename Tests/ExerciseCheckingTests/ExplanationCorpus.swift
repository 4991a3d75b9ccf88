/// The explanation corpus: real mistakes learners make in DIDojo's exercises, each the
/// compile errors the real compiler gives for it (in its order) and what the learner must read
/// under each in plain words, or nothing.
///
/// A case is an exercise's real solution or starter with a change a learner makes. The errors
/// are checked against the compiler at test time (`ExplanationCorpusTests`), so each one here
/// is the compiler's own; when a lesson or the compiler changes, the test prints what to
/// paste instead. An error whose rule is nil is one no rule understands: it must get no line.
/// An error whose rule is set but whose explanation is nil is left to the compiler's words
/// because another error of the same compile is its likely cause (a missing import or brace, a
/// type that does not conform), or because an earlier error got the same explanation.
extension ExplanationCase {
    static let corpus: [ExplanationCase] = [
        ExplanationCase(
            "missing-import-domain", exercise: "no-di.1", from: .solution,
            mistake: "leaves out `import Domain`",
            changing: [
                ("import Domain\n", ""),
            ],
            errors: [
                .init("cannot find type 'SocialPostOutput' in scope", rule: "missing-import",
                    explained: "`SocialPostOutput`, `SystemClock`, `SocialNetwork`, `Image`, `TwitterClient` and `FacebookClient` are part of Domain, which your file does not import: add `import Domain` at the top of your file."),
                .init("cannot find 'SystemClock' in scope", rule: "missing-import"),
                .init("cannot find type 'SocialNetwork' in scope", rule: "missing-import"),
                .init("cannot find type 'Image' in scope", rule: "missing-import"),
                .init("cannot find 'TwitterClient' in scope", rule: "missing-import"),
                .init("cannot find 'FacebookClient' in scope", rule: "missing-import"),
            ]
        ),
        ExplanationCase(
            "missing-import-foundation-date", exercise: "constructor.3", from: .solution,
            mistake: "uses `Date` without `import Foundation`",
            changing: [
                ("import Foundation\n", ""),
            ],
            errors: [
                .init("cannot find type 'Date' in scope", rule: "missing-import",
                    explained: "`Date` is part of Foundation, which your file does not import: add `import Foundation` at the top of your file."),
                .init("cannot find type 'Date' in scope", rule: "missing-import"),
                .init("extra argument 'at' in call"),
            ]
        ),
        ExplanationCase(
            "missing-import-foundation-url", exercise: "cake.1", from: .solution,
            mistake: "uses `URL` without `import Foundation`",
            changing: [
                ("import Foundation\n", ""),
            ],
            errors: [
                .init("cannot find type 'URL' in scope", rule: "missing-import",
                    explained: "`URL` is part of Foundation, which your file does not import: add `import Foundation` at the top of your file."),
            ]
        ),
        ExplanationCase(
            "missing-import-domain-in-constructor", exercise: "constructor.2", from: .solution,
            mistake: "injects `SocialPostOutput` and `Clock` without `import Domain` (`Clock` then means Swift's own)",
            changing: [
                ("import Domain\n", ""),
            ],
            errors: [
                .init("cannot find type 'SocialPostOutput' in scope", rule: "missing-import",
                    explained: "`SocialPostOutput` and `Image` are part of Domain, which your file does not import: add `import Domain` at the top of your file."),
                .init("cannot find type 'SocialPostOutput' in scope", rule: "missing-import"),
                .init("cannot find type 'Image' in scope", rule: "missing-import"),
                .init("cannot call value of non-function type 'any InstantProtocol'"),
            ]
        ),
        ExplanationCase(
            "missing-import-cake-pattern", exercise: "cake.3", from: .solution,
            mistake: "mixes in `UsesClock` without `import CakePattern`",
            changing: [
                ("import CakePattern\n", ""),
            ],
            errors: [
                .init("cannot find type 'UsesClock' in scope", rule: "missing-import",
                    explained: "`UsesClock`, `UsesLogger` and `DatedText` are part of CakePattern, which your file does not import: add `import CakePattern` at the top of your file."),
                .init("cannot find type 'UsesLogger' in scope", rule: "missing-import"),
                .init("cannot find type 'DatedText' in scope", rule: "missing-import"),
                .init("cannot find type 'DatedText' in scope", rule: "missing-import"),
                .init("cannot find 'logger' in scope"),
                .init("cannot find 'logger' in scope"),
                .init("cannot find 'DatedText' in scope", rule: "missing-import"),
                .init("value of type '@Sendable () -> clock_t' (aka '@Sendable () -> Int') has no member 'now'"),
            ]
        ),
        ExplanationCase(
            "missing-import-xctest", exercise: "setter.3", from: .solution,
            mistake: "writes a test without `import XCTest`",
            changing: [
                ("import XCTest\n", ""),
            ],
            errors: [
                .init("cannot find type 'XCTestCase' in scope", rule: "missing-import",
                    explained: "`XCTestCase`, `XCTAssertThrowsError` and `XCTAssertEqual` are part of XCTest, which your file does not import: add `import XCTest` at the top of your file."),
                .init("cannot find 'XCTAssertThrowsError' in scope", rule: "missing-import"),
                .init("cannot find 'XCTAssertEqual' in scope", rule: "missing-import"),
                .init("cannot infer contextual base in reference to member 'outputNotSet'"),
                .init("cannot find 'XCTAssertThrowsError' in scope", rule: "missing-import"),
                .init("cannot find 'XCTAssertEqual' in scope", rule: "missing-import"),
                .init("cannot infer contextual base in reference to member 'outputNotSet'"),
                .init("cannot find 'XCTAssertEqual' in scope", rule: "missing-import"),
                .init("cannot find 'XCTAssertEqual' in scope", rule: "missing-import"),
                .init("cannot find 'XCTAssertEqual' in scope", rule: "missing-import"),
            ]
        ),
        ExplanationCase(
            "missing-import-swinject", exercise: "container.3", from: .solution,
            mistake: "writes an `Assembly` without `import Swinject`",
            changing: [
                ("import Swinject\n", ""),
            ],
            errors: [
                .init("cannot find type 'Container' in scope", rule: "missing-import",
                    explained: "`Container`, `Assembly` and `Assembler` are part of Swinject, which your file does not import: add `import Swinject` at the top of your file."),
                .init("cannot find type 'Assembly' in scope", rule: "missing-import"),
                .init("cannot find type 'Assembly' in scope", rule: "missing-import"),
                .init("cannot infer contextual base in reference to member 'container'"),
                .init("cannot infer contextual base in reference to member 'container'"),
                .init("cannot infer contextual base in reference to member 'transient'"),
                .init("cannot infer contextual base in reference to member 'transient'"),
                .init("cannot find 'Assembler' in scope", rule: "missing-import"),
            ]
        ),
        ExplanationCase(
            "missing-import-dependencies", exercise: "dependency-values.3", from: .solution,
            mistake: "calls `withEscapedDependencies` without `import Dependencies`",
            changing: [
                ("import Dependencies\n", ""),
            ],
            errors: [
                .init("cannot find 'withEscapedDependencies' in scope", rule: "missing-import",
                    explained: "`withEscapedDependencies` is part of Dependencies, which your file does not import: add `import Dependencies` at the top of your file."),
                .init("type annotation missing in pattern"),
            ]
        ),
        ExplanationCase(
            "typo-in-type-name", exercise: "no-di.1", from: .solution,
            mistake: "misspells `SocialPostOutput`",
            changing: [
                ("private let client: any SocialPostOutput", "private let client: any SocialPostOuput"),
            ],
            errors: [
                .init("cannot find type 'SocialPostOuput' in scope", rule: "misspelled-name",
                    explained: "There is no `SocialPostOuput`: did you mean `SocialPostOutput` (from Domain)? Names must match exactly, capital letters included."),
            ]
        ),
        ExplanationCase(
            "typo-in-capitals", exercise: "no-di.1", from: .solution,
            mistake: "writes `FaceBookClient` for `FacebookClient`",
            changing: [
                ("case .facebook: client = FacebookClient()", "case .facebook: client = FaceBookClient()"),
            ],
            errors: [
                .init("cannot find 'FaceBookClient' in scope", rule: "misspelled-name",
                    explained: "There is no `FaceBookClient`: did you mean `FacebookClient` (from Domain)? Names must match exactly, capital letters included."),
            ]
        ),
        ExplanationCase(
            "checks-need-a-declared-protocol", exercise: "cake.3", from: .starter,
            mistake: "has not declared `UsesFileStore` yet (the starter)",
            errors: [
                .init("cannot find type 'UsesFileStore' in scope", rule: "checks-use-undeclared",
                    explained: "The checks use `UsesFileStore`, which your file does not declare (yet). Declare it in your file, with exactly this name, as the task describes."),
                .init("value of type 'MixInReadFileService' has no member 'fileStore'", rule: "checks-use-missing-member",
                    explained: "The checks use `fileStore` of your `MixInReadFileService`, which has no member of that name (yet). Add it, with exactly this name, as the task describes."),
            ]
        ),
        ExplanationCase(
            "protocol-name-differs-from-checks", exercise: "cake.3", from: .solution,
            mistake: "declares the mix-in as `UseFileStore`, the checks use `UsesFileStore`",
            changing: [
                ("protocol UsesFileStore {", "protocol UseFileStore {"),
                ("UsesClock, UsesLogger, UsesFileStore {", "UsesClock, UsesLogger, UseFileStore {"),
            ],
            errors: [
                .init("cannot find type 'UsesFileStore' in scope", rule: "checks-use-undeclared",
                    explained: "The checks use `UsesFileStore`, which your file does not declare (yet). Declare it in your file, with exactly this name, as the task describes. Your file has `UseFileStore`: the names must match exactly."),
            ]
        ),
        ExplanationCase(
            "switch-not-exhaustive", exercise: "no-di.1", from: .solution,
            mistake: "forgets the `.facebook` case of the switch",
            changing: [
                ("        case .facebook: client = FacebookClient()\n", ""),
            ],
            errors: [
                .init("switch must be exhaustive"),
            ]
        ),
        ExplanationCase(
            "missing-return", exercise: "cake.1", from: .solution,
            mistake: "builds the result but never returns it",
            changing: [
                ("        return DatedText(readAt: clock.now(), text: text)\n", "        _ = DatedText(readAt: clock.now(), text: text)\n"),
            ],
            errors: [
                .init("missing return in instance method expected to return 'DatedText?'"),
            ]
        ),
        ExplanationCase(
            "wrong-return-type", exercise: "cake.1", from: .solution,
            mistake: "returns the text instead of a `DatedText`",
            changing: [
                ("        return DatedText(readAt: clock.now(), text: text)\n", "        return text\n"),
            ],
            errors: [
                .init("cannot convert return expression of type 'String' to return type 'DatedText'"),
            ]
        ),
        ExplanationCase(
            "return-view-model-not-controller", exercise: "container.1", from: .solution,
            mistake: "returns the view model where a screen controller is asked for",
            changing: [
                ("        logger.info(\"made SettingsViewModel and SettingsViewController\")\n        return controller\n", "        logger.info(\"made SettingsViewModel and SettingsViewController\")\n        return viewModel\n"),
            ],
            errors: [
                .init("return expression of type 'SettingsViewModel' does not conform to 'ScreenController'"),
            ]
        ),
        ExplanationCase(
            "wrong-label-in-composition-root", exercise: "constructor.1", from: .solution,
            mistake: "calls `SocialPresenter(client:)` in its own composition root",
            changing: [
                ("case .twitter: SocialPresenter(output: TwitterClient())", "case .twitter: SocialPresenter(client: TwitterClient())"),
            ],
            errors: [
                .init("incorrect argument label in call (have 'client:', expected 'output:')"),
            ]
        ),
        ExplanationCase(
            "init-label-differs-from-checks", exercise: "constructor.1", from: .solution,
            mistake: "names the initializer's label `client:`, where the task says `output:`",
            changing: [
                ("init(output: any SocialPostOutput) {", "init(client output: any SocialPostOutput) {"),
                ("SocialPresenter(output: TwitterClient())", "SocialPresenter(client: TwitterClient())"),
                ("SocialPresenter(output: FacebookClient())", "SocialPresenter(client: FacebookClient())"),
            ],
            errors: [
                .init("incorrect argument label in call (have 'output:', expected 'client:')", rule: "checks-label-mismatch", explained: "The checks write `output:` here, as the task names it, but your declaration says `client:`. Change the label in your file to `output`."),
                .init("incorrect argument label in call (have 'output:', expected 'client:')", rule: "checks-label-mismatch"),
                .init("incorrect argument label in call (have 'output:', expected 'client:')", rule: "checks-label-mismatch"),
                .init("incorrect argument label in call (have 'output:', expected 'client:')", rule: "checks-label-mismatch"),
                .init("incorrect argument label in call (have 'output:', expected 'client:')", rule: "checks-label-mismatch"),
                .init("incorrect argument label in call (have 'output:', expected 'client:')", rule: "checks-label-mismatch"),
            ]
        ),
        ExplanationCase(
            "missing-label-in-composition-root", exercise: "constructor.1", from: .solution,
            mistake: "leaves out the `output:` label in its composition root",
            changing: [
                ("case .twitter: SocialPresenter(output: TwitterClient())", "case .twitter: SocialPresenter(TwitterClient())"),
            ],
            errors: [
                .init("missing argument label 'output:' in call"),
            ]
        ),
        ExplanationCase(
            "init-without-label", exercise: "constructor.1", from: .solution,
            mistake: "declares `init(_ output:)`, where the checks write `output:`",
            changing: [
                ("init(output: any SocialPostOutput) {", "init(_ output: any SocialPostOutput) {"),
                ("SocialPresenter(output: TwitterClient())", "SocialPresenter(TwitterClient())"),
                ("SocialPresenter(output: FacebookClient())", "SocialPresenter(FacebookClient())"),
            ],
            errors: [
                .init("extraneous argument label 'output:' in call", rule: "checks-extraneous-label", explained: "The checks write the label `output:` here, as the task names it, but in your file this parameter has no label (it is declared with `_`). Declare it with the label `output`."),
                .init("extraneous argument label 'output:' in call", rule: "checks-extraneous-label"),
                .init("extraneous argument label 'output:' in call", rule: "checks-extraneous-label"),
                .init("extraneous argument label 'output:' in call", rule: "checks-extraneous-label"),
                .init("extraneous argument label 'output:' in call", rule: "checks-extraneous-label"),
                .init("extraneous argument label 'output:' in call", rule: "checks-extraneous-label"),
            ]
        ),
        ExplanationCase(
            "missing-argument-after-adding-parameter", exercise: "constructor.1", from: .solution,
            mistake: "adds a `clock` parameter but does not pass one in the composition root",
            changing: [
                ("    init(output: any SocialPostOutput) {\n        self.output = output\n", "    init(output: any SocialPostOutput, clock: any Clock) {\n        self.output = output\n"),
            ],
            errors: [
                .init("missing argument for parameter 'clock' in call", rule: "missing-argument",
                    explained: "`init(output:clock:)` has a parameter `clock`, and this call does not pass it. If you added it to inject a dependency, every call must now pass one: this one too."),
            ]
        ),
        ExplanationCase(
            "missing-argument-of-lesson-initializer", exercise: "container.1", from: .solution,
            mistake: "builds `SettingsViewModel` without its `actions`",
            changing: [
                ("        let viewModel = SettingsViewModel(actions: actions, clock: clock)", "        let viewModel = SettingsViewModel(clock: clock)"),
            ],
            errors: [
                .init("missing argument for parameter 'actions' in call", rule: "missing-argument",
                    explained: "`init(actions:clock:)` needs `actions`, and this call leaves it out: pass it."),
            ]
        ),
        ExplanationCase(
            "extra-init-parameter", exercise: "constructor.2", from: .solution,
            mistake: "asks for a `logger` the task does not inject",
            changing: [
                ("    init(output: any SocialPostOutput, clock: any Clock) {\n", "    init(output: any SocialPostOutput, clock: any Clock, logger: any Logger) {\n"),
            ],
            errors: [
                .init("missing argument for parameter 'logger' in call", rule: "checks-omit-argument", explained: "The checks make this call without `logger`, the way the task describes it, but your `init(output:clock:logger:)` requires one. Remove the parameter the task does not ask for."),
                .init("missing argument for parameter 'logger' in call", rule: "checks-omit-argument"),
                .init("missing argument for parameter 'logger' in call", rule: "checks-omit-argument"),
                .init("missing argument for parameter 'logger' in call", rule: "checks-omit-argument"),
                .init("missing argument for parameter 'logger' in call", rule: "checks-omit-argument"),
            ]
        ),
        ExplanationCase(
            "checks-inject-clock-init-lacks", exercise: "constructor.2", from: .starter,
            mistake: "has not added the `clock` parameter yet (the starter)",
            errors: [
                .init("extra argument 'clock' in call"),
                .init("extra argument 'clock' in call", rule: "extra-argument-in-checks", explained: "The checks create your `SocialPresenter` with `clock`, as the task describes, but its initializer takes no such parameter (yet). Add one labelled `clock`: the checks inject the dependency through it."),
                .init("extra argument 'clock' in call", rule: "extra-argument-in-checks"),
                .init("extra argument 'clock' in call", rule: "extra-argument-in-checks"),
                .init("extra argument 'clock' in call", rule: "extra-argument-in-checks"),
            ]
        ),
        ExplanationCase(
            "checks-inject-router-init-lacks", exercise: "viper-router.2", from: .starter,
            mistake: "makes the view weak but still builds its own router",
            changing: [
                ("    var view: (any UserView)?", "    weak var view: (any UserView)?"),
            ],
            errors: [
                .init("extra argument 'router' in call", rule: "extra-argument-in-checks", explained: "The checks create your `UserListPresenter` with `router`, as the task describes, but its initializer takes no such parameter (yet). Add one labelled `router`: the checks inject the dependency through it."),
                .init("extra argument 'router' in call", rule: "extra-argument-in-checks"),
                .init("extra argument 'router' in call", rule: "extra-argument-in-checks"),
                .init("extra argument 'router' in call", rule: "extra-argument-in-checks"),
                .init("extra argument 'router' in call", rule: "extra-argument-in-checks"),
                .init("extra argument 'router' in call", rule: "extra-argument-in-checks"),
            ]
        ),
        ExplanationCase(
            "extra-argument-in-composition-root", exercise: "constructor.1", from: .solution,
            mistake: "passes a clock the initializer does not take",
            changing: [
                ("case .twitter: SocialPresenter(output: TwitterClient())", "case .twitter: SocialPresenter(output: TwitterClient(), clock: SystemClock())"),
            ],
            errors: [
                .init("extra argument 'clock' in call", rule: "extra-argument",
                    explained: "Your `SocialPresenter`'s initializer has no parameter `clock`. To inject it, add the parameter to `init` (and keep the value); otherwise leave it out of this call."),
            ]
        ),
        ExplanationCase(
            "argument-order", exercise: "viper-router.1", from: .solution,
            mistake: "passes the interactor's dependencies out of order",
            changing: [
                ("dataSource: services.dataSource, clock: services.clock, logger: services.logger", "clock: services.clock, dataSource: services.dataSource, logger: services.logger"),
            ],
            errors: [
                .init("argument 'dataSource' must precede argument 'clock'"),
            ]
        ),
        ExplanationCase(
            "stored-property-concrete-type", exercise: "constructor.2", from: .solution,
            mistake: "keeps the injected clock in a `SystemClock` property",
            changing: [
                ("    private let clock: any Clock\n", "    private let clock: SystemClock\n"),
            ],
            errors: [
                .init("cannot assign value of type 'any Clock' to type 'SystemClock'", rule: "concrete-property-for-protocol-value",
                    explained: "The value is an `any Clock`, whatever `Clock` was handed in, but the property's type is `SystemClock`, one concrete type. Declare the property as `any Clock` too, so that it can keep whatever is injected."),
            ]
        ),
        ExplanationCase(
            "parameter-concrete-type", exercise: "constructor.2", from: .solution,
            mistake: "takes `clock: SystemClock`, so no other clock can be injected",
            changing: [
                ("init(output: any SocialPostOutput, clock: any Clock)", "init(output: any SocialPostOutput, clock: SystemClock)"),
            ],
            errors: [
                .init("cannot convert value of type 'ProbeClock' to expected argument type 'SystemClock'", rule: "checks-pass-another-implementation", explained: "The checks hand in their own `ProbeClock`, but your parameter accepts only `SystemClock`, one concrete type. Declare the parameter as the protocol, `any Clock`, so that any implementation can be injected: the real one in the app, a stand-in in a test."),
                .init("cannot convert value of type 'MinuteStepClock' to expected argument type 'SystemClock'", rule: "checks-pass-another-implementation", explained: "The checks hand in their own `MinuteStepClock`, but your parameter accepts only `SystemClock`, one concrete type. Declare the parameter as the protocol, `any Clock`, so that any implementation can be injected: the real one in the app, a stand-in in a test."),
                .init("cannot convert value of type 'FixedClock' to expected argument type 'SystemClock'", rule: "checks-pass-another-implementation", explained: "The checks hand in their own `FixedClock`, but your parameter accepts only `SystemClock`, one concrete type. Declare the parameter as the protocol, `any Clock`, so that any implementation can be injected: the real one in the app, a stand-in in a test."),
                .init("cannot convert value of type 'FixedClock' to expected argument type 'SystemClock'", rule: "checks-pass-another-implementation"),
                .init("cannot convert value of type 'MinuteStepClock' to expected argument type 'SystemClock'", rule: "checks-pass-another-implementation"),
            ]
        ),
        ExplanationCase(
            "weak-non-optional", exercise: "viper-router.2", from: .solution,
            mistake: "declares `weak var view: any UserView`",
            changing: [
                ("weak var view: (any UserView)?", "weak var view: any UserView"),
            ],
            errors: [
                .init("'weak' variable should have optional type '(any UserView)?'", rule: "weak-must-be-optional",
                    explained: "A `weak` reference turns to nil when the object it points to goes away, so its type must be optional: `(any UserView)?`. Keep the `weak` for a reference back to an owner: a strong one would make a retain cycle, and neither object would ever be freed."),
                .init("cannot use optional chaining on non-optional value of type 'any UserView'"),
                .init("cannot use optional chaining on non-optional value of type 'any UserView'"),
            ]
        ),
        ExplanationCase(
            "weak-let", exercise: "viper-router.2", from: .solution,
            mistake: "declares `weak let view`",
            changing: [
                ("weak var view: (any UserView)?", "weak let view: (any UserView)?"),
            ],
            errors: [
                .init("return from initializer without initializing all stored properties", rule: "uninitialised-property",
                    explained: "`view` is declared `weak let`: a constant, which must get its value in `init`. A weak reference that is set after the object is made must be a `weak var`, which starts as nil."),
            ]
        ),
        ExplanationCase(
            "near-miss-clock-type", exercise: "cake.3", from: .solution,
            mistake: "mixes in `let clock = SystemClock()`, where `UsesClock` asks for `any Clock`",
            changing: [
                ("let clock: any Clock = SystemClock()", "let clock = SystemClock()"),
            ],
            errors: [
                .init("type 'MixInReadFileService' does not conform to protocol 'UsesClock'", rule: "requirement-type-mismatch",
                    explained: "`MixInReadFileService` has a `clock`, but of type `SystemClock`, and `UsesClock` requires exactly `any Clock`. Declare it with that type, keeping its value: `clock: any Clock = …`."),
            ]
        ),
        ExplanationCase(
            "missing-mix-in-member", exercise: "cake.3", from: .solution,
            mistake: "never gives the live class a `fileStore`",
            changing: [
                ("    let fileStore: any FileStore = DiskFileStore()\n", ""),
            ],
            errors: [
                .init("type 'MixInReadFileService' does not conform to protocol 'UsesFileStore'", rule: "missing-requirement",
                    explained: "`MixInReadFileService` adopts `UsesFileStore` (directly, or through a protocol that inherits it) but does not supply `fileStore` (of type `any FileStore`). In the Cake pattern the class that mixes a dependency in supplies it: add `let fileStore: any FileStore = …` to `MixInReadFileService`."),
            ]
        ),
        ExplanationCase(
            "spy-missing-protocol-method", exercise: "constructor.4", from: .solution,
            mistake: "writes a spy without `post(_:image:)`",
            changing: [
                ("    func post(_ text: String, image: Image) {\n        record(text, image: image)\n    }\n", ""),
            ],
            errors: [
                .init("type 'SpySocialClient' does not conform to protocol 'SocialPostOutput'", rule: "missing-requirement",
                    explained: "`SpySocialClient` stands in for a `SocialPostOutput`, so it must have everything the protocol requires; it lacks `post(_:image:)` (of type `(String, Image) throws -> ()`). Add it: a test double may simply record the call."),
                .init("extra argument 'image' in call"),
            ]
        ),
        ExplanationCase(
            "spy-router-as-struct", exercise: "viper-router.3", from: .solution,
            mistake: "writes the spy router as a struct",
            changing: [
                ("final class SpyUserRouter: UserWireframe {", "struct SpyUserRouter: UserWireframe {"),
                ("    func showDetail(for user: User) {", "    mutating func showDetail(for user: User) {"),
            ],
            errors: [
                .init("non-class type 'SpyUserRouter' cannot conform to class protocol 'UserWireframe'", rule: "class-only-protocol",
                    explained: "`UserWireframe` is for classes only (it is declared `: AnyObject`), so `SpyUserRouter` must be a class: `final class SpyUserRouter`. A test double that records is a class anyway: the code under test and the test must share one instance, so that the test sees what was done."),
                .init("cannot use mutating member on immutable value: 'spy' is a 'let' constant"),
                .init("cannot use mutating member on immutable value: 'spy' is a 'let' constant"),
            ]
        ),
        ExplanationCase(
            "spy-as-struct", exercise: "setter.3", from: .solution,
            mistake: "writes the spy as a struct with `mutating` methods",
            changing: [
                ("final class SpySocialClient: SocialPostOutput {", "struct SpySocialClient: SocialPostOutput {"),
                ("    func post(_ text: String) {\n", "    mutating func post(_ text: String) {\n"),
                ("    func post(_ text: String, image: Image) {\n", "    mutating func post(_ text: String, image: Image) {\n"),
            ],
            errors: [
                .init("type 'SpySocialClient' does not conform to protocol 'SocialPostOutput'", rule: "mutating-candidate",
                    explained: "`SpySocialClient` is a struct whose `mutating` methods cannot fulfil `SocialPostOutput`, which does not allow `mutating`. Make it a class (`final class SpySocialClient`) with plain methods: a test double that records must be a class anyway, so that the code under test and the test share one instance and the test sees what was recorded."),
                .init("cannot use mutating member on immutable value: 'spy' is a 'let' constant"),
                .init("cannot use mutating member on immutable value: 'spy' is a 'let' constant"),
            ]
        ),
        ExplanationCase(
            "dependency-key-without-live-value", exercise: "dependency-values.1", from: .solution,
            mistake: "makes the client a dependency key without a `liveValue`",
            changing: [
                ("    static let liveValue = PostingClient(\n        send: { post in try Timeline.standard.append(post) },\n        sentPosts: { try Timeline.standard.posts() }\n    )\n", ""),
            ],
            errors: [
                .init("type 'PostingClient' does not conform to protocol 'DependencyKey'", rule: "missing-requirement",
                    explained: "`PostingClient` is a dependency key, so it must say which value the app uses: add `static let liveValue = PostingClient(…)` with the real endpoints."),
            ]
        ),
        ExplanationCase(
            "let-output-for-setter-injection", exercise: "setter.1", from: .solution,
            mistake: "declares the setter-injected output with `let`",
            changing: [
                ("    var output: (any SocialPostOutput)?", "    let output: (any SocialPostOutput)?"),
            ],
            errors: [
                .init("class 'SocialPresenter' has no initializers", rule: "no-initializers",
                    explained: "`output` is a `let` with no value, and an optional `let` does not start as nil, so `SocialPresenter` cannot be created without an `init` that sets it. If it is set after the object is made (setter injection), declare it with `var`: an optional `var` starts as nil."),
            ]
        ),
        ExplanationCase(
            "let-logger-for-setter-injection", exercise: "setter.2", from: .solution,
            mistake: "declares the logger with `let`, so nobody can replace it",
            changing: [
                ("    var logger: any Logger = ConsoleLogger()", "    let logger: any Logger = ConsoleLogger()"),
            ],
            errors: [
                .init("cannot assign to property: 'logger' is a 'let' constant", rule: "setter-injection-let", explained: "The checks set `logger` after creating the object, as setter injection does, so it must be a variable: declare it with `var` instead of `let`."),
                .init("cannot assign to property: 'logger' is a 'let' constant", rule: "setter-injection-let"),
                .init("cannot assign to property: 'logger' is a 'let' constant", rule: "setter-injection-let"),
                .init("cannot assign to property: 'logger' is a 'let' constant", rule: "setter-injection-let"),
            ]
        ),
        ExplanationCase(
            "private-setter-for-setter-injection", exercise: "setter.1", from: .solution,
            mistake: "declares `private(set) var output`",
            changing: [
                ("    var output: (any SocialPostOutput)?", "    private(set) var output: (any SocialPostOutput)?"),
            ],
            errors: [
                .init("cannot assign to property: 'output' setter is inaccessible", rule: "setter-injection-private-setter",
                    explained: "The checks set `output` from outside the class, as setter injection does, but its setter is private (`private(set)`). Remove `private(set)`: whoever injects the dependency must be able to set it."),
                .init("cannot assign to property: 'output' setter is inaccessible", rule: "setter-injection-private-setter"),
                .init("cannot assign to property: 'output' setter is inaccessible", rule: "setter-injection-private-setter"),
            ]
        ),
        ExplanationCase(
            "private-logger", exercise: "setter.2", from: .solution,
            mistake: "declares `private var logger`",
            changing: [
                ("    var logger: any Logger = ConsoleLogger()", "    private var logger: any Logger = ConsoleLogger()"),
            ],
            errors: [
                .init("'logger' is inaccessible due to 'private' protection level", rule: "checks-use-private", explained: "The checks use `logger` from outside your type, but it is `private`. Remove `private`: the checks can use everything in your file that is not private."),
                .init("'logger' is inaccessible due to 'private' protection level", rule: "checks-use-private"),
                .init("'logger' is inaccessible due to 'private' protection level", rule: "checks-use-private"),
                .init("'logger' is inaccessible due to 'private' protection level", rule: "checks-use-private"),
                .init("'logger' is inaccessible due to 'private' protection level", rule: "checks-use-private"),
            ]
        ),
        ExplanationCase(
            "optional-output-not-unwrapped", exercise: "setter.1", from: .starter,
            mistake: "calls `output.post` on the optional output",
            changing: [
                ("        try output?.post(stamped(text))\n", "        try output.post(stamped(text))\n"),
            ],
            errors: [
                .init("value of optional type '(any SocialPostOutput)?' must be unwrapped to refer to member 'post' of wrapped base type 'any SocialPostOutput'", rule: "optional-member",
                    explained: "`post` is called on a value of type `(any SocialPostOutput)?`, which may be nil. Unwrap it with `guard let … else { … }` and say there what nil means (throw an error, so that a dependency nobody set fails loudly), rather than `?.`, which skips the call without a word, or `!`, which crashes."),
            ]
        ),
        ExplanationCase(
            "resolve-not-unwrapped", exercise: "container.3", from: .solution,
            mistake: "uses Swinject's `resolve` result without unwrapping it",
            changing: [
                ("r.resolve(DIContainer.self)!.makeMainCoordinator(", "r.resolve(DIContainer.self).makeMainCoordinator("),
            ],
            errors: [
                .init("value of optional type 'DIContainer?' must be unwrapped to refer to member 'makeMainCoordinator' of wrapped base type 'DIContainer'", rule: "optional-member",
                    explained: "Swinject's `resolve` returns an optional: nil when nothing is registered for the type. Inside a registration, `resolve(DIContainer.self)!` is the usual way: a missing registration then stops the program at once, at this line."),
            ]
        ),
        ExplanationCase(
            "identity-of-protocol-values", exercise: "container.4", from: .solution,
            mistake: "compares two `any Logger` with `===`",
            changing: [
                ("let first = try container.resolve((any Logger).self) as AnyObject", "let first = try container.resolve((any Logger).self)"),
                ("let second = try container.resolve((any Logger).self) as AnyObject", "let second = try container.resolve((any Logger).self)"),
            ],
            errors: [
                .init("argument type 'any Logger' expected to be an instance of a class or class-constrained type", rule: "identity-needs-objects",
                    explained: "`===` asks whether two references point to the same object, and an `any Logger` may hold a struct (`Logger` is not limited to classes), which is no object. Turn both sides into objects first, with `as AnyObject`: a class instance keeps its identity, while two struct values never count as the same object."),
                .init("argument type 'any Logger' expected to be an instance of a class or class-constrained type", rule: "identity-needs-objects"),
            ]
        ),
        ExplanationCase(
            "self-before-init", exercise: "constructor.2", from: .solution,
            mistake: "calls a method in `init` before the clock is set",
            changing: [
                ("        self.output = output\n        self.clock = clock\n", "        self.output = output\n        print(stamped(\"ready\"))\n        self.clock = clock\n"),
            ],
            errors: [
                .init("'self' used in method call 'stamped' before all stored properties are initialized", rule: "self-before-initialised",
                    explained: "`stamped` is a method, called on `self` before `clock` has a value; a method may use any property, so Swift allows the call only once all of them are set. Assign every stored property first (the injected dependencies too), then call methods."),
            ]
        ),
        ExplanationCase(
            "property-never-initialised", exercise: "constructor.2", from: .solution,
            mistake: "never assigns the injected clock",
            changing: [
                ("        self.clock = clock\n", ""),
            ],
            errors: [
                .init("return from initializer without initializing all stored properties", rule: "uninitialised-property",
                    explained: "When `init` ends, `clock` still has no value, and an initializer must give every stored property one. Assign it in `init` (from a parameter, if it is a dependency to inject)."),
            ]
        ),
        ExplanationCase(
            "mutating-on-let", exercise: "dependency-values.2", from: .solution,
            mistake: "records into a struct held in a `let`",
            changing: [
                ("        let sent = LockIsolated<[Post]>([])\n", "        let sent = Recorder()\n"),
                ("sent.withValue { $0.append(post) }", "sent.record(post)"),
                ("XCTAssertEqual(sent.value,", "XCTAssertEqual(sent.posts,"),
                ("final class PostComposerTests", "struct Recorder {\n    var posts: [Post] = []\n\n    mutating func record(_ post: Post) {\n        posts.append(post)\n    }\n}\n\nfinal class PostComposerTests"),
            ],
            errors: [
                .init("cannot use mutating member on immutable value: 'sent' is a 'let' constant", rule: "mutating-on-let",
                    explained: "`sent` is a `let` that holds a value (not an object), and this member is `mutating`: it would change that value in place, which a constant does not allow. Declare `sent` with `var`, or make its type a class."),
            ]
        ),
        ExplanationCase(
            "actor-recorder", exercise: "dependency-values.2", from: .solution,
            mistake: "records through an actor from the synchronous `send` endpoint",
            changing: [
                ("        let sent = LockIsolated<[Post]>([])\n", "        let sent = SentPosts()\n"),
                ("sent.withValue { $0.append(post) }", "sent.record(post)"),
                ("XCTAssertEqual(sent.value,", "XCTAssertEqual(sent.posts,"),
                ("final class PostComposerTests", "actor SentPosts {\n    var posts: [Post] = []\n\n    func record(_ post: Post) {\n        posts.append(post)\n    }\n}\n\nfinal class PostComposerTests"),
            ],
            errors: [
                .init("call to actor-isolated instance method 'record' in a synchronous nonisolated context", rule: "actor-call-from-sync",
                    explained: "`record` belongs to an actor, so from outside the actor it can only be called with `await`, in async code, and the code here is synchronous. To record from a synchronous closure such as a dependency's endpoint, keep the record in a `LockIsolated` (from Dependencies) instead of an actor: append with `withValue { $0.append(…) }`, read with `.value`."),
                .init("actor-isolated property 'posts' can not be referenced from a nonisolated autoclosure", rule: "actor-property-from-sync",
                    explained: "`posts` belongs to an actor, so from outside the actor it can only be read with `await`, in async code (in an `async` test, read it into a constant first: `let value = await …`)."),
            ]
        ),
        ExplanationCase(
            "main-actor-announcer", exercise: "dependency-values.1", from: .solution,
            mistake: "marks the announcer `@MainActor`",
            changing: [
                ("final class Announcer {", "@MainActor\nfinal class Announcer {"),
            ],
            errors: [
                .init("call to main actor-isolated instance method 'announce' in a synchronous nonisolated context", rule: "main-actor-call",
                    explained: "The checks use `announce` from ordinary synchronous code, as the task describes, but `@MainActor` in your file limits it to the main actor. Remove `@MainActor`: this exercise needs no actor."),
                .init("call to main actor-isolated initializer 'init()' in a synchronous nonisolated context", rule: "main-actor-call",
                    explained: "The checks use `init()` from ordinary synchronous code, as the task describes, but `@MainActor` in your file limits it to the main actor. Remove `@MainActor`: this exercise needs no actor."),
                .init("call to main actor-isolated instance method 'announce' in a synchronous nonisolated context", rule: "main-actor-call"),
                .init("call to main actor-isolated initializer 'init()' in a synchronous nonisolated context", rule: "main-actor-call"),
            ]
        ),
        ExplanationCase(
            "await-in-synchronous-test", exercise: "dependency-values.2", from: .solution,
            mistake: "writes `await` in a test that is not `async`",
            changing: [
                ("            try PostComposer().share(\"Hello\")\n", "            try await PostComposer().share(\"Hello\")\n"),
            ],
            errors: [
                .init("'async' call in a function that does not support concurrency", rule: "await-outside-async",
                    explained: "`testSharingSendsOneStampedPost()` is not `async`, so it cannot call `async` code, and this call is (a closure with `await` in it makes the call it is passed to async too). Mark the function `async` (XCTest runs `async` tests as well), or leave out the `await` if nothing here needs it."),
            ]
        ),
        ExplanationCase(
            "endpoint-declared-with-let", exercise: "dependency-values.1", from: .solution,
            mistake: "declares the `send` endpoint with `let`",
            changing: [
                ("    var send: @Sendable (_ post: Post) throws -> Void\n", "    let send: @Sendable (_ post: Post) throws -> Void\n"),
            ],
            errors: [
                .init("missing argument for parameter 'send' in call", rule: "dependency-client-let-endpoint",
                    explained: "`@DependencyClient` gives a closure property a default (an unimplemented endpoint) only when it is a `var`. `send` is a `let`, so every `PostingClient(…)` must pass it. Declare it as `var send: …`."),
            ]
        ),
        ExplanationCase(
            "dependency-wrapper-on-let", exercise: "dependency-values.1", from: .solution,
            mistake: "writes `@Dependency(…) private let client`",
            changing: [
                ("    @Dependency(\\.postingClient) private var client\n", "    @Dependency(\\.postingClient) private let client\n"),
            ],
            errors: [
                .init("property wrapper can only be applied to a 'var'", rule: "property-wrapper-needs-var",
                    explained: "A property wrapper (`@Dependency` here) makes the property a computed one that reads through the wrapper, and computed properties are declared with `var`: write `var` instead of `let`."),
                .init("type annotation missing in pattern"),
                .init("class 'Announcer' has no initializers"),
            ]
        ),
        ExplanationCase(
            "date-override-wrong-type", exercise: "dependency-values.2", from: .solution,
            mistake: "stops the clock with a number instead of a `Date`",
            changing: [
                ("$0.date.now = Date(timeIntervalSince1970: 1_466_208_000)  // 2016-06-18 00:00 UTC", "$0.date.now = 1_466_208_000  // 2016-06-18 00:00 UTC"),
            ],
            errors: [
                .init("cannot assign value of type 'Int' to type 'Date'"),
            ]
        ),
        ExplanationCase(
            "missing-brace", exercise: "no-di.2", from: .solution,
            mistake: "leaves out the `}` that ends `init`",
            changing: [
                ("        self.client = client\n    }\n", "        self.client = client\n"),
            ],
            errors: [
                .init("attribute 'private' can only be used in a non-local scope"),
                .init("expected '}' in class", rule: "unclosed-brace",
                    explained: "A closing `}` is missing: the `{` of the class on line 4 is never closed. The `}` left out is often an earlier one, at the end of a function; errors reported before this one may come from the same missing brace."),
            ]
        ),
        ExplanationCase(
            "extra-brace", exercise: "no-di.2", from: .solution,
            mistake: "types the `}` of `init` twice",
            changing: [
                ("        self.client = client\n    }\n", "        self.client = client\n    }\n    }\n"),
            ],
            errors: [
                .init("extraneous '}' at top level", rule: "extra-brace",
                    explained: "This `}` closes nothing: the braces above it already pair up, so one of them is extra. Where the extra one ends a type early, the functions after it are outside the type, which is why the type's properties are not found there."),
                .init("cannot find 'client' in scope"),
                .init("cannot find 'client' in scope"),
                .init("cannot find 'clock' in scope"),
            ]
        ),
        ExplanationCase(
            "missing-try", exercise: "constructor.1", from: .solution,
            mistake: "calls the throwing `post` without `try`",
            changing: [
                ("        try output.post(stamped(text))\n", "        output.post(stamped(text))\n"),
            ],
            errors: [
                .init("call can throw but is not marked with 'try'"),
            ]
        ),
        ExplanationCase(
            "force-cast-left-out", exercise: "container.2", from: .solution,
            mistake: "returns `instance as Service` without the `!`",
            changing: [
                ("        return instance as! Service\n    }\n}", "        return instance as Service\n    }\n}"),
            ],
            errors: [
                .init("'Any' is not convertible to 'Service'"),
            ]
        ),
        // Lesson 10 compiles in Swift 6 mode: these errors are warnings in every other lesson.
        ExplanationCase(
            "swift6-mutable-sendable-class", exercise: "concurrency.1", from: .solution,
            mistake: "keeps `MemoryTimeline` a class, which `AsyncPostOutput` asks to be `Sendable`",
            changing: [
                ("actor MemoryTimeline: AsyncPostOutput {", "final class MemoryTimeline: AsyncPostOutput {"),
            ],
            errors: [
                .init("stored property 'posts' of 'Sendable'-conforming class 'MemoryTimeline' is mutable", rule: "mutable-sendable-class",
                    explained: "`MemoryTimeline` promises to be `Sendable` (on the class itself, or through a protocol it conforms to), so several tasks may use one `MemoryTimeline` at once; with `posts` a `var`, two of them could change it at the same time. Make `MemoryTimeline` an `actor`, or keep its state in a `Mutex`; `@unchecked Sendable` or `nonisolated(unsafe)` would only silence this error, and the race would stay."),
            ]
        ),
        ExplanationCase(
            "swift6-child-tasks-append-to-a-var", exercise: "concurrency.3", from: .solution,
            mistake: "collects the errors of a task group's children in a `var` of the parent",
            changing: [
                ("        // Child tasks: they run at the same time, see the caller's task-local values, and\n        // the group waits for all of them; the first error is thrown here.\n        try await withThrowingTaskGroup(of: Void.self) { group in\n            for output in outputs {\n                group.addTask {\n                    try await output.post(text)\n                }\n            }\n            try await group.waitForAll()\n        }\n", "        // Every output is tried; the errors are collected, and the first one thrown at the end.\n        var errors: [any Error] = []\n        await withTaskGroup(of: Void.self) { group in\n            for output in outputs {\n                group.addTask {\n                    do {\n                        try await output.post(text)\n                    } catch {\n                        errors.append(error)\n                    }\n                }\n            }\n        }\n        if let first = errors.first {\n            throw first\n        }\n"),
            ],
            errors: [
                .init("passing closure as a 'sending' parameter risks causing data races between code in the current task and concurrent execution of the closure", rule: "closure-shares-mutable-var",
                    explained: "The closure runs at the same time as the code around it, and both can reach `errors`, a `var`: a data race. Share no `var` with a task: let each task return what it found and collect it where you wait for it (a task group's `for try await`, a task's `value`), or keep it in an actor."),
            ]
        ),
        ExplanationCase(
            "swift6-completion-handler-changes-main-actor-state", exercise: "concurrency.5", from: .starter,
            mistake: "changes the main-actor model's state in a callback client's completion handler (the starter)",
            errors: [
                .init("main actor-isolated property 'status' can not be mutated from a Sendable closure", rule: "main-actor-state-from-callback",
                    explained: "A completion handler is `@Sendable`: the client calls it on a thread of its own, and this state belongs to the main actor. Await the client instead (`withCheckedThrowingContinuation`, resumed in the handler), and change the state after the `await`, back on the main actor. `MainActor.assumeIsolated` would compile here, and stop the program when the handler runs off the main thread."),
                .init("main actor-isolated property 'logger' can not be referenced from a Sendable closure", rule: "main-actor-state-from-callback"),
                .init("main actor-isolated property 'status' can not be mutated from a Sendable closure", rule: "main-actor-state-from-callback"),
                .init("main actor-isolated property 'text' can not be mutated from a Sendable closure", rule: "main-actor-state-from-callback"),
                .init("main actor-isolated property 'logger' can not be referenced from a Sendable closure", rule: "main-actor-state-from-callback"),
            ]
        ),
        ExplanationCase(
            "swift6-assume-isolated-in-async-code", exercise: "concurrency.5", from: .solution,
            mistake: "calls `MainActor.assumeIsolated` inside an async function, where the compiler's own words say what to do",
            changing: [
                ("            status = .sent(text)\n", "            MainActor.assumeIsolated { status = .sent(text) }\n"),
            ],
            errors: [
                .init("static method 'assumeIsolated' is unavailable from asynchronous contexts; await the call to the @MainActor closure directly"),
            ]
        ),
        ExplanationCase(
            "mutating-self-in-assembly", exercise: "container.3", from: .solution,
            mistake: "counts registrations in a property of the `Assembly` struct",
            changing: [
                ("struct AppAssembly: Assembly {\n", "struct AppAssembly: Assembly {\n    var registered = 0\n"),
                ("        // One logger and one clock for the whole app.\n", "        registered += 1\n"),
            ],
            errors: [
                .init("left side of mutating operator isn't mutable: 'self' is immutable"),
            ]
        ),
    ]
}
