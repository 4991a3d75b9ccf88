import WiringModel

extension WiringRule {
    /// Whether `finding` names the mistake this rule is about: a rule against concrete creation
    /// in `SocialPresenter` concerns a hard-wired `TwitterClient` there, a `weak-reference` rule
    /// on a presenter's `view` concerns a strong back-reference through `view`.
    ///
    /// Lets a failed check show the findings an exercise is about, as notes beside its checks.
    /// Rules that no finding mirrors (`immutable-property`, `no-force-unwrap`) concern none.
    package func concerns(_ finding: WiringFinding) -> Bool {
        let inType = inside.isEmpty || inside.contains(finding.type)
        switch kind {
        case .noConcreteCreation:
            return [.hardWiredDependency, .foreignDefault].contains(finding.kind) && inType
                && (of.isEmpty || finding.target.map(of.contains) == true)
        case .noDefaultArgumentOfConcreteType:
            return finding.kind == .foreignDefault && inType
        case .noProtocolExtensionDefault:
            return finding.kind == .cakeDefault && finding.member == member
        case .weakReference:
            return finding.kind == .strongBackReference && inType && finding.member == property
        case .noContainerResolveOutside:
            return finding.kind == .serviceLocator
        case .noOptionalChainingOn:
            return finding.kind == .setterWithSilentFallback && inType && finding.member == property
        case .immutableProperty, .noForceUnwrap:
            return false
        }
    }
}
