import Testing
import WiringAnalysis
import WiringModel

/// Which findings each kind of rule is about (`WiringRule.concerns`), so that a failed check can
/// show the findings of the mistake its exercise's rules name.
@Suite struct RuleConcernsTests {
    static func finding(_ kind: WiringFinding.Kind, type: String = "SocialPresenter", member: String? = nil, target: String? = nil) -> WiringFinding {
        WiringFinding(kind: kind, file: "SocialPresenter.swift", line: 1, type: type, member: member, target: target, message: "looks like it")
    }

    @Test func concreteCreationConcernsHardWiringAndDefaultsOfTheNamedTypesInTheNamedType() {
        let rule = WiringRule(kind: .noConcreteCreation, inside: ["SocialPresenter"], of: ["TwitterClient"])
        #expect(rule.concerns(Self.finding(.hardWiredDependency, target: "TwitterClient")))
        #expect(rule.concerns(Self.finding(.foreignDefault, target: "TwitterClient")))
        #expect(!rule.concerns(Self.finding(.hardWiredDependency, target: "SystemClock")))
        #expect(!rule.concerns(Self.finding(.hardWiredDependency, type: "Other", target: "TwitterClient")))
        #expect(!rule.concerns(Self.finding(.serviceLocator, target: "TwitterClient")))
    }

    @Test func defaultArgumentsConcernForeignDefaultsOnly() {
        let rule = WiringRule(kind: .noDefaultArgumentOfConcreteType, inside: ["SocialPresenter"])
        #expect(rule.concerns(Self.finding(.foreignDefault, target: "TwitterClient")))
        #expect(!rule.concerns(Self.finding(.hardWiredDependency, target: "TwitterClient")))
    }

    @Test func propertyRulesConcernTheirPropertyOnly() {
        let weak = WiringRule(kind: .weakReference, inside: ["UserListPresenter"], property: "view")
        #expect(weak.concerns(Self.finding(.strongBackReference, type: "UserListPresenter", member: "view")))
        #expect(!weak.concerns(Self.finding(.strongBackReference, type: "UserListPresenter", member: "router")))
        let chaining = WiringRule(kind: .noOptionalChainingOn, inside: ["SocialPresenter"], property: "output")
        #expect(chaining.concerns(Self.finding(.setterWithSilentFallback, member: "output")))
        #expect(!chaining.concerns(Self.finding(.setterWithSilentFallback, member: "logger")))
    }

    @Test func cakeAndContainerRulesConcernTheirKind() {
        let cake = WiringRule(kind: .noProtocolExtensionDefault, protocolName: "UsesClock", member: "clock")
        #expect(cake.concerns(Self.finding(.cakeDefault, type: "UsesClock", member: "clock")))
        #expect(!cake.concerns(Self.finding(.cakeDefault, type: "UsesLogger", member: "logger")))
        let locator = WiringRule(kind: .noContainerResolveOutside, inside: ["AppAssembly"])
        #expect(locator.concerns(Self.finding(.serviceLocator, type: "HomeViewModel")))
    }

    @Test func rulesNoFindingMirrorsConcernNone() {
        for kind in [WiringRule.Kind.immutableProperty, .noForceUnwrap] {
            let rule = WiringRule(kind: kind, inside: ["SocialPresenter"], property: "output")
            #expect(WiringFinding.Kind.allCases.allSatisfy { !rule.concerns(Self.finding($0, member: "output")) })
        }
    }
}
