/// The names learners use in the exercises without declaring them, and where each is declared:
/// enough to tell "add `import Domain`" from a typo or from a type the learner must write.
///
/// Only names a learner uses but never declares are listed: a lesson module's own
/// `UserRouter` or `ReadFileService` is left out, because the exercises ask the learner to
/// write one of that name. `KnownDeclarationsTests` checks every entry against the modules'
/// sources (or the compiler, for Foundation and XCTest) and against the exercises' files.
enum KnownDeclarations {
    /// Module name → the names it declares that learners use.
    static let modulesAndNames: [(module: String, names: [String])] = [
        ("Foundation", [
            "Date", "URL", "Data", "UUID", "FileManager", "TimeInterval", "DateFormatter", "ISO8601DateFormatter",
            "Calendar", "TimeZone", "Locale", "JSONEncoder", "JSONDecoder", "NSLock", "NSObject", "NSError",
            "ProcessInfo", "DispatchQueue", "Thread", "DateComponents", "CharacterSet",
        ]),
        ("XCTest", [
            "XCTestCase", "XCTestExpectation", "XCTAssert", "XCTAssertEqual", "XCTAssertNotEqual", "XCTAssertTrue",
            "XCTAssertFalse", "XCTAssertNil", "XCTAssertNotNil", "XCTAssertThrowsError", "XCTAssertNoThrow",
            "XCTAssertIdentical", "XCTAssertNotIdentical", "XCTAssertGreaterThan", "XCTAssertLessThan", "XCTFail",
            "XCTUnwrap",
        ]),
        ("Domain", [
            "Clock", "ClockParseError", "FacebookClient", "FixedClock", "Image", "LogEntry", "Logger", "Navigator",
            "Post", "PrintLogger", "RecordingLogger", "Screen", "Sheet", "SocialNetwork", "SocialPostOutput",
            "SystemClock", "TerminalNavigator", "TerminalScreen", "Timeline", "TimelineError", "TwitterClient",
        ]),
        ("CakePattern", ["UsesClock", "UsesLogger", "DatedText"]),
        ("ViperRouter", [
            "User", "UserDataSource", "SampleUserDataSource", "UserDetailView", "UserInteractor", "UserListView",
            "UserModuleServices", "UserPresentation", "UserUseCase", "UserView", "UserWireframe",
        ]),
        ("ContainerLesson", [
            "DIContainer", "DetailViewController", "DetailViewModel", "HomeViewController", "HomeViewModel",
            "HomeViewModelActions", "MainCoordinator", "MainCoordinatorDependencies", "ResolutionError",
            "ScreenController", "SettingsViewController", "SettingsViewModel", "SettingsViewModelActions",
            "SimpleContainer",
        ]),
        ("Swinject", ["Container", "Assembly", "Assembler", "Resolver", "ObjectScope"]),
        ("Dependencies", [
            "DependencyValues", "DependencyKey", "TestDependencyKey", "DependencyContext", "LockIsolated",
            "withDependencies", "withEscapedDependencies", "prepareDependencies",
        ]),
        ("DependencyValuesLesson", ["SocialClient"]),
    ]

    /// The module that declares `name`, if it is one of the known names.
    static func module(declaring name: String) -> String? {
        modulesAndNames.first { $0.names.contains(name) }?.module
    }

    /// Every known name, with its module.
    static var allNames: [(name: String, module: String)] {
        modulesAndNames.flatMap { entry in entry.names.map { (name: $0, module: entry.module) } }
    }

    /// The Domain's concrete types and the protocol each implements: what a parameter of the
    /// concrete type should have been declared as, so that any implementation can be injected.
    static let protocolOfImplementation: [String: String] = [
        "SystemClock": "Clock", "FixedClock": "Clock",
        "TwitterClient": "SocialPostOutput", "FacebookClient": "SocialPostOutput",
        "PrintLogger": "Logger", "RecordingLogger": "Logger",
        "TerminalNavigator": "Navigator",
        "TerminalScreen": "Screen",
    ]
}
