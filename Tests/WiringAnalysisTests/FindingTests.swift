import Foundation
import Testing
import WiringAnalysis

/// Each finding kind on small snippets written the way the lessons' pages show the mistake, and
/// the look-alikes that must not be reported.
@Suite struct FindingTests {
    /// A vocabulary as a caller would pass it, for the few domain names the snippets use.
    let vocabulary = WiringVocabulary(
        abstractions: ["SocialPostOutput", "Clock", "Logger", "FileStore", "UserView", "UserPresentation"],
        volatileTypes: ["TwitterClient", "FacebookClient", "SystemClock", "PrintLogger", "DiskFileStore"],
        valueTypes: ["Post", "SocialNetwork"],
        conformances: ["TwitterClient": ["SocialPostOutput"], "SystemClock": ["Clock"], "DiskFileStore": ["FileStore"]]
    )

    func findings(_ source: String, vocabulary: WiringVocabulary? = nil) -> [FindingSummary] {
        WiringAnalyzer(vocabulary: vocabulary ?? self.vocabulary).analyze(path: "Snippet.swift", text: source).summaries()
    }

    // MARK: Hard-wired dependency

    @Test func aClientCreatedInsideAConsumerIsHardWiredWhereverItIsCreated() {
        let source = """
        final class Presenter {
            private let client = TwitterClient()
            lazy var clock = SystemClock()
            private let output: any SocialPostOutput
            init() {
                output = FacebookClient()
            }
            func share() {
                let logger = PrintLogger()
                logger.info("x")
            }
        }
        """
        #expect(findings(source) == [
            FindingSummary("hard-wired-dependency", line: 2, type: "Presenter", member: "client", target: "TwitterClient"),
            FindingSummary("hard-wired-dependency", line: 3, type: "Presenter", member: "clock", target: "SystemClock"),
            FindingSummary("hard-wired-dependency", line: 6, type: "Presenter", member: "output", target: "FacebookClient"),
            FindingSummary("hard-wired-dependency", line: 9, type: "Presenter", member: "share()", target: "PrintLogger"),
        ])
    }

    @Test func theMessageNamesTheAbstractionToTakeInstead() {
        let report = WiringAnalyzer(vocabulary: vocabulary).analyze(path: "P.swift", text: """
        final class Presenter {
            private let client = TwitterClient()
        }
        """)
        #expect(report.findings.map(\.message) == [
            "Presenter creates TwitterClient() itself for `client`: looks like a hard-wired dependency (Control Freak), "
                + "which no caller or test can replace; take an `any SocialPostOutput` as an init parameter instead.",
        ])
    }

    @Test func valuesAndStandardTypesCreatedInsideAConsumerAreNotDependencies() {
        let source = """
        import Foundation
        final class Presenter {
            private let formatter = DateFormatter()
            func share(_ text: String) -> Post {
                Post(network: .twitter, text: text + String(describing: Date()))
            }
        }
        """
        #expect(findings(source).isEmpty)
    }

    @Test func aTypeOfTheFileThatImplementsAnAbstractionUsedAsADependencyIsVolatileWithoutBeingTold() {
        let source = """
        protocol Storage { func save(_ text: String) }
        struct DiskStorage: Storage { func save(_ text: String) {} }
        final class Notes {
            private let storage: any Storage
            init() { storage = DiskStorage() }
        }
        final class Archive {
            private let storage = DiskStorage()
        }
        """
        #expect(findings(source, vocabulary: .empty) == [
            FindingSummary("hard-wired-dependency", line: 5, type: "Notes", member: "storage", target: "DiskStorage"),
            FindingSummary("hard-wired-dependency", line: 8, type: "Archive", member: "storage", target: "DiskStorage"),
        ])
    }

    @Test func withoutAVocabularyRoleNamesMarkVolatileTypesOfOtherModules() {
        let source = """
        final class Presenter {
            private let client = TwitterClient()
            private let network = SocialNetworkChoice()
        }
        """
        #expect(findings(source, vocabulary: .empty) == [
            FindingSummary("hard-wired-dependency", line: 2, type: "Presenter", member: "client", target: "TwitterClient"),
        ])
    }

    // MARK: Foreign and local defaults

    @Test func aDefaultOfAnotherModulesClientIsAForeignDefault() {
        let source = """
        final class Presenter {
            var clock: any Clock = SystemClock()
            init(output: any SocialPostOutput = TwitterClient()) {}
        }
        """
        #expect(findings(source) == [
            FindingSummary("foreign-default", line: 2, type: "Presenter", member: "clock", target: "SystemClock"),
            FindingSummary("foreign-default", line: 3, type: "Presenter", member: "output", target: "TwitterClient"),
        ])
    }

    @Test func aDefaultDeclaredInTheAnalysedFilesIsALocalDefault() {
        let source = """
        final class DraftFolder: SocialPostOutput {
            func post(_ text: String) {}
        }
        final class Presenter {
            var output: any SocialPostOutput = DraftFolder()
            init(backup: any SocialPostOutput = DraftFolder()) {}
        }
        """
        #expect(findings(source).isEmpty)
    }

    @Test func aDefaultTheCallerAcceptsAsLocalIsNoFinding() {
        var accepting = vocabulary
        accepting.localDefaults = ["SystemClock"]
        #expect(findings("final class P { var clock: any Clock = SystemClock() }", vocabulary: accepting).isEmpty)
    }

    // MARK: Service locator

    @Test func aContainerResolvedInsideAViewModelIsAServiceLocator() {
        // The page "Composition root, not Service Locator" shows this view model.
        let source = """
        final class DetailViewModel {
            private let clock: any Clock
            init(container: Container) {
                clock = container.resolve((any Clock).self)!
            }
        }
        """
        let report = WiringAnalyzer(vocabulary: vocabulary).analyze(path: "Snippet.swift", text: source)
        #expect(report.summaries() == [
            FindingSummary("service-locator", line: 4, type: "DetailViewModel", member: "init(container:)", target: "Clock"),
        ])
        #expect(report.graph.hasEdge(from: "DetailViewModel", to: "Clock", kind: .resolvesFromContainer))
        #expect(report.findings.first?.message == "DetailViewModel asks a container for Clock with `resolve(Clock.self)`: looks like "
            + "a Service Locator, which hides what DetailViewModel needs; resolve once in the composition root and hand it Clock through init.")
    }

    @Test func resolvesInRegistrationsAndAtTheEntryPointAreTheCompositionRoot() {
        let registrations = """
        func makeAppContainer() -> Container {
            let container = Container()
            container.register(DIContainer.self) { r in DIContainer(logger: r.resolve((any Logger).self)!) }
            return container
        }
        """
        let main = """
        let coordinator = makeAppContainer().resolve(MainCoordinator.self)!
        coordinator.start()
        """
        let report = WiringAnalyzer(vocabulary: vocabulary).analyze([
            SourceFile(path: "App/Registrations.swift", text: registrations), SourceFile(path: "App/main.swift", text: main),
        ])
        #expect(report.findings.isEmpty)
        #expect(report.graph.compositionRoots.map(\.node) == ["makeAppContainer()", "main.swift"])
        #expect(report.graph.hasEdge(from: "DIContainer", to: "Logger", kind: .resolvesFromContainer))
        #expect(report.graph.hasEdge(from: "main.swift", to: "MainCoordinator", kind: .resolvesFromContainer))
    }

    // MARK: Strong back-reference

    @Test func aCycleOfStrongPropertiesReportsTheChildsLinkBack() {
        let source = """
        protocol ListView: AnyObject { func show() }
        final class ListScreen: ListView {
            let presenter: ListPresenter
            init() {
                presenter = ListPresenter()
                presenter.screen = self
            }
            func show() {}
        }
        final class ListPresenter {
            var screen: (any ListView)?
        }
        """
        #expect(findings(source, vocabulary: .empty) == [
            FindingSummary("strong-back-reference", line: 11, type: "ListPresenter", member: "screen", target: "ListScreen"),
        ])
        let weak = source.replacingOccurrences(of: "    var screen", with: "    weak var screen")
        #expect(findings(weak, vocabulary: .empty).isEmpty)
    }

    @Test func aStrongDelegateOrPresenterViewPointsBackByName() {
        let source = """
        final class ChildCoordinator {
            var delegate: (any ChildCoordinatorDelegate)?
            var parent: AppCoordinator?
            weak var owner: AppCoordinator?
        }
        final class UserListPresenter {
            var view: (any UserView)?
        }
        final class Banner {
            var view: (any UserView)?
        }
        """
        #expect(findings(source) == [
            FindingSummary("strong-back-reference", line: 2, type: "ChildCoordinator", member: "delegate", target: "ChildCoordinatorDelegate"),
            FindingSummary("strong-back-reference", line: 3, type: "ChildCoordinator", member: "parent", target: "AppCoordinator"),
            FindingSummary("strong-back-reference", line: 7, type: "UserListPresenter", member: "view", target: "UserView"),
        ])
    }

    // MARK: Setter with a silent fallback

    @Test func anOptionalInjectedOutputUsedWithOptionalChainingIsASilentFallback() {
        let source = """
        final class Presenter {
            var output: (any SocialPostOutput)?
            private var timer: (any Cancellable)?
            weak var view: (any UserView)?
            var delegate: (any PresenterDelegate)?
            func share() throws {
                try output?.post("x")
                timer?.cancel()
                view?.refresh()
            }
        }
        """
        #expect(findings(source).filter { $0.id == "setter-with-silent-fallback" } == [
            FindingSummary("setter-with-silent-fallback", line: 7, type: "Presenter", member: "output", target: "SocialPostOutput"),
        ])
    }

    @Test func anOptionalTakenByInitIsInjectedTooEvenWhenPrivate() {
        // The article behind the setter lesson: handed over in `init`, kept as an optional, used with `?.`.
        let source = """
        final class Presenter {
            private var output: (any SocialPostOutput)?
            init(output: any SocialPostOutput) { self.output = output }
            func share() throws { try output?.post("x") }
        }
        """
        #expect(findings(source) == [
            FindingSummary("setter-with-silent-fallback", line: 4, type: "Presenter", member: "output", target: "SocialPostOutput"),
        ])
    }

    // MARK: Cake default

    @Test func aProtocolExtensionThatSuppliesAUsesRequirementIsACakeDefault() {
        // The trap on the page "What it costs" of the Cake lesson.
        let source = """
        extension UsesClock {
            var clock: any Clock { SystemClock() }
        }
        """
        let report = WiringAnalyzer(vocabulary: vocabulary).analyze(path: "Snippet.swift", text: source)
        #expect(report.summaries() == [
            FindingSummary("cake-default", line: 2, type: "UsesClock", member: "clock", target: "SystemClock"),
        ])
        #expect(report.findings.first?.message == "`extension UsesClock` gives the UsesClock requirement `clock` a default (SystemClock()): "
            + "looks like a Cake default, so a mix-in class that forgets `clock` still compiles and silently gets it; "
            + "remove the default and let every mix-in class supply its own.")
    }

    @Test func aCakeDefaultOnARefiningProtocolIsFoundThroughItsDeclaration() {
        let source = """
        protocol UsesFileStore { var fileStore: any FileStore { get } }
        protocol ReadFileService: UsesClock, UsesFileStore {}
        extension ReadFileService {
            var fileStore: any FileStore { DiskFileStore() }
            func read(_ name: String) -> String? { try? fileStore.text(atPath: name) }
        }
        final class MixInReadFileService: ReadFileService {
            let clock: any Clock = SystemClock()
        }
        """
        #expect(findings(source) == [
            FindingSummary("cake-default", line: 4, type: "ReadFileService", member: "fileStore", target: "DiskFileStore"),
        ])
    }
}
