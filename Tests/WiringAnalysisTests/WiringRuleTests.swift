import Foundation
import Testing
import WiringAnalysis
import WiringModel
import Yams

/// Each rule kind on a snippet that breaks it and one that keeps it, and the manifest shape.
@Suite struct WiringRuleTests {
    func violations(_ rule: WiringRule, _ source: String) -> [WiringViolation] {
        rule.violations(in: WiringAnalyzer().analyze(path: "Learner.swift", text: source))
    }

    // MARK: no-concrete-creation

    let noClient = WiringRule(kind: .noConcreteCreation, inside: ["SocialPresenter"], of: ["TwitterClient", "FacebookClient"], message: "builds its own client")

    @Test func noConcreteCreationFindsTheClientWhereverThePresenterCreatesIt() {
        let source = """
        final class SocialPresenter {
            private let stored = TwitterClient()
            lazy var lazyClient = FacebookClient()
            private let output: any SocialPostOutput
            init(output: any SocialPostOutput = TwitterClient()) {
                self.output = output
            }
            func share() {
                FacebookClient().post("x")
            }
        }
        extension SocialPresenter {
            var fallback: any SocialPostOutput { TwitterClient() }
        }
        """
        let found = violations(noClient, source)
        #expect(found.map(\.line) == [2, 3, 5, 9, 13])
        #expect(found.allSatisfy { $0.rule == .noConcreteCreation && $0.message == "builds its own client" && $0.file == "Learner.swift" })
        #expect(found[0].detail == "SocialPresenter creates TwitterClient() as the initial value of `stored`")
        #expect(found[2].detail == "SocialPresenter creates TwitterClient() as the default of `output`")
    }

    @Test func noConcreteCreationAcceptsAPresenterThatIsGivenItsClient() {
        let source = """
        final class SocialPresenter {
            private let output: any SocialPostOutput
            init(output: any SocialPostOutput) { self.output = output }
        }
        func makePresenter() -> SocialPresenter {
            SocialPresenter(output: TwitterClient())
        }
        """
        #expect(violations(noClient, source).isEmpty)
    }

    // MARK: no-default-argument-of-concrete-type

    let noDefault = WiringRule(kind: .noDefaultArgumentOfConcreteType, inside: ["SocialPresenter"])

    @Test func noDefaultArgumentFindsConstructedAndSharedDefaults() {
        let source = """
        final class SocialPresenter {
            init(output: any SocialPostOutput = TwitterClient(), clock: any Clock = try! FixedClock(day: "2016-06-18")) {}
            func show(on screen: any Screen = TerminalScreen.standard) {}
        }
        """
        let found = violations(noDefault, source)
        #expect(found.map(\.line) == [2, 2, 3])
        #expect(found.map(\.detail) == [
            "SocialPresenter.init(output:clock:) defaults `output` to TwitterClient()",
            "SocialPresenter.init(output:clock:) defaults `clock` to try! FixedClock(day: \"2016-06-18\")",
            "SocialPresenter.show(on:) defaults `screen` to TerminalScreen.standard",
        ])
    }

    @Test func noDefaultArgumentAcceptsValuesOfTheParametersOwnTypeAndStandardTypes() {
        let source = """
        final class SocialPresenter {
            init(output: any SocialPostOutput, network: SocialNetwork = .twitter, fallback: SocialNetwork = SocialNetwork.facebook,
                 date: Date = Date(), tags: [String] = [], write: @escaping (String) -> Void = StandardOutput.write) {}
        }
        final class Other {
            init(output: any SocialPostOutput = TwitterClient()) {}
        }
        """
        #expect(violations(noDefault, source).isEmpty)
    }

    // MARK: no-protocol-extension-default

    let noCakeDefault = WiringRule(kind: .noProtocolExtensionDefault, protocolName: "UsesFileStore", member: "fileStore")

    @Test func noProtocolExtensionDefaultFindsTheDefaultAlsoOnARefiningProtocol() {
        let source = """
        protocol UsesFileStore { var fileStore: any FileStore { get } }
        protocol ReadFileService: UsesFileStore {}
        extension UsesFileStore {
            var fileStore: any FileStore { DiskFileStore() }
        }
        extension ReadFileService {
            var fileStore: any FileStore { InMemoryFileStore(files: [:]) }
        }
        """
        let found = violations(noCakeDefault, source)
        #expect(found.map(\.line) == [4, 7])
        #expect(found.map(\.detail) == ["extension UsesFileStore provides `fileStore`", "extension ReadFileService provides `fileStore`"])
    }

    @Test func noProtocolExtensionDefaultAcceptsAMixInClassThatSuppliesIt() {
        let source = """
        protocol UsesFileStore { var fileStore: any FileStore { get } }
        protocol ReadFileService: UsesFileStore {}
        extension ReadFileService {
            func read(_ path: String) -> String? { try? fileStore.text(atPath: path) }
        }
        final class MixInReadFileService: ReadFileService {
            let fileStore: any FileStore = DiskFileStore()
        }
        extension MixInReadFileService {
            var other: any FileStore { fileStore }
        }
        """
        #expect(violations(noCakeDefault, source).isEmpty)
    }

    // MARK: weak-reference

    let weakView = WiringRule(kind: .weakReference, inside: ["UserListPresenter"], property: "view", message: "the view owns the presenter")

    @Test func weakReferenceFindsAStrongViewAndAMissingOne() {
        let strong = violations(weakView, """
        final class UserListPresenter {
            var view: (any UserView)?
        }
        """)
        #expect(strong.map(\.line) == [2])
        #expect(strong.first?.detail == "UserListPresenter.view is a strong reference")
        #expect(strong.first?.message == "the view owns the presenter")

        let missing = violations(weakView, """
        import Domain

        final class UserListPresenter {
            weak var screen: (any UserView)?
        }
        """)
        #expect(missing.map(\.line) == [3])
        #expect(missing.first?.detail == "UserListPresenter has no property `view`")
    }

    @Test func weakReferenceAcceptsWeakAndUnowned() {
        #expect(violations(weakView, "final class UserListPresenter { weak var view: (any UserView)? }").isEmpty)
        #expect(violations(weakView, "final class UserListPresenter { unowned let view: any UserView; init(view: any UserView) { self.view = view } }").isEmpty)
    }

    // MARK: no-container-resolve-outside

    let resolveInRoot = WiringRule(kind: .noContainerResolveOutside, inside: ["makeAppCoordinator", "AppAssembly"])

    @Test func noContainerResolveOutsideFindsAResolveInAViewModel() {
        let source = """
        final class DetailViewModel {
            private let clock: any Clock
            init(container: Resolver) {
                clock = container.resolve((any Clock).self)!
            }
        }
        func makeAppCoordinator() -> MainCoordinator? {
            Assembler([AppAssembly()]).resolver.resolve(MainCoordinator.self)
        }
        """
        let found = violations(resolveInRoot, source)
        #expect(found.map(\.line) == [4])
        #expect(found.first?.detail == "DetailViewModel.init(container:) calls resolve(Clock.self)")
    }

    @Test func noContainerResolveOutsideAcceptsResolvesInTheListedRoots() {
        let source = """
        struct AppAssembly: Assembly {
            func assemble(container: Container) {
                container.register(DIContainer.self) { r in DIContainer(logger: r.resolve((any Logger).self)!) }
            }
        }
        func makeAppCoordinator(extra: [Assembly] = []) -> MainCoordinator? {
            Assembler([AppAssembly()] + extra).resolver.resolve(MainCoordinator.self)
        }
        """
        #expect(violations(resolveInRoot, source).isEmpty)
    }

    // MARK: no-optional-chaining-on

    let loudOutput = WiringRule(kind: .noOptionalChainingOn, inside: ["SocialPresenter"], property: "output")

    @Test func noOptionalChainingFindsEveryQuietCall() {
        let source = """
        final class SocialPresenter {
            var output: (any SocialPostOutput)?
            func share(_ text: String) throws {
                try output?.post(text)
            }
            func share(_ text: String, image: Image) throws {
                try self.output?.post(text, image: image)
            }
        }
        """
        let found = violations(loudOutput, source)
        #expect(found.map(\.line) == [4, 7])
        #expect(found.first?.detail == "SocialPresenter uses `output?.post`")
    }

    @Test func noOptionalChainingAcceptsAGuardThatThrows() {
        let source = """
        final class SocialPresenter {
            var output: (any SocialPostOutput)?
            weak var view: (any View)?
            func share(_ text: String) throws {
                guard let output else { throw SocialPresenterError.outputNotSet }
                try output.post(text)
                view?.refresh()
            }
        }
        """
        #expect(violations(loudOutput, source).isEmpty)
    }

    // MARK: The manifest shape

    @Test func rulesDecodeFromTheManifestsYAML() throws {
        let yaml = """
        - rule: no-concrete-creation
          in: SocialPresenter
          of: [TwitterClient, FacebookClient]
          message: "SocialPresenter still creates a TwitterClient itself"
        - rule: no-default-argument-of-concrete-type
          in: SocialPresenter
          message: "no default"
        - rule: no-protocol-extension-default
          protocol: UsesFileStore
          member: fileStore
          message: "no Cake default"
        - rule: weak-reference
          in: UserListPresenter
          property: view
          message: "weak view"
        - rule: no-container-resolve-outside
          in: [makeAppCoordinator, AppAssembly]
          message: "resolve only in the root"
        - rule: no-optional-chaining-on
          in: SocialPresenter
          property: output
          message: "fail loudly"
        """
        let rules = try YAMLDecoder().decode([WiringRule].self, from: yaml)
        #expect(rules == [
            WiringRule(kind: .noConcreteCreation, inside: ["SocialPresenter"], of: ["TwitterClient", "FacebookClient"],
                       message: "SocialPresenter still creates a TwitterClient itself"),
            WiringRule(kind: .noDefaultArgumentOfConcreteType, inside: ["SocialPresenter"], message: "no default"),
            WiringRule(kind: .noProtocolExtensionDefault, protocolName: "UsesFileStore", member: "fileStore", message: "no Cake default"),
            WiringRule(kind: .weakReference, inside: ["UserListPresenter"], property: "view", message: "weak view"),
            WiringRule(kind: .noContainerResolveOutside, inside: ["makeAppCoordinator", "AppAssembly"], message: "resolve only in the root"),
            WiringRule(kind: .noOptionalChainingOn, inside: ["SocialPresenter"], property: "output", message: "fail loudly"),
        ])
    }

    @Test func rulesDecodeFromJSONAndGetADefaultMessage() throws {
        let json = #"{"rule": "weak-reference", "in": "UserListPresenter", "property": "view"}"#
        let rule = try JSONDecoder().decode(WiringRule.self, from: Data(json.utf8))
        #expect(rule.message == "UserListPresenter.view should be `weak`, so that it does not keep its owner alive.")
    }

    @Test func anUnknownRuleNamesItselfAndTheAllowedKinds() {
        let error = decodingError(#"{"rule": "no-singletons", "in": "X"}"#)
        #expect(error == "'no-singletons' is not a wiring rule. Allowed: no-concrete-creation, no-default-argument-of-concrete-type, "
            + "no-protocol-extension-default, weak-reference, no-container-resolve-outside, no-optional-chaining-on, "
            + "immutable-property, no-force-unwrap.")
    }

    @Test func anUnknownKeyAndAMissingKeyAreNamed() {
        #expect(decodingError(#"{"rule": "weak-reference", "in": "P", "property": "view", "of": ["X"]}"#)
            == "The wiring rule 'weak-reference' has no key 'of'. Allowed: rule, in, property, message.")
        #expect(decodingError(#"{"rule": "weak-reference", "in": "P"}"#)
            == "The wiring rule 'weak-reference' needs 'property': the property to look at.")
        #expect(decodingError(#"{"rule": "no-concrete-creation", "in": "P"}"#)
            == "The wiring rule 'no-concrete-creation' needs 'of': the concrete types that must not be created.")
    }

    /// The description a `DecodingError` carries, or a note that decoding did not fail.
    func decodingError(_ json: String) -> String {
        do {
            _ = try JSONDecoder().decode(WiringRule.self, from: Data(json.utf8))
            return "decoded without an error"
        } catch let DecodingError.dataCorrupted(context) {
            return context.debugDescription
        } catch let DecodingError.keyNotFound(_, context) {
            return context.debugDescription
        } catch {
            return "another error: \(error)"
        }
    }

    @Test func aReportCollectsTheViolationsOfSeveralRulesInLineOrder() {
        let report = WiringAnalyzer().analyze(path: "P.swift", text: """
        final class SocialPresenter {
            var output: (any SocialPostOutput)?
            private let client = TwitterClient()
            func share() { output?.post("x") }
        }
        """)
        let found = report.violations(of: [loudOutput, noClient])
        #expect(found.map(\.rule) == [.noConcreteCreation, .noOptionalChainingOn])
        #expect(found.map(\.line) == [3, 4])
    }
}
