import WiringModel

/// Looks through the facts for the Dependency Injection mistakes a learner makes most.
///
/// Every finding is a heuristic, and says so. How each kind is recognised:
/// - hard-wired dependency: a type (not a composition root) creates a volatile type (see
///   `TypeJudge`), or creates anything it then keeps in a property typed as an abstraction, in an
///   initializer, a method, a stored property's initial value, a lazy var or a computed property.
///   A creation in a default argument or as the initial value of a settable `var` is injectable,
///   so it is judged as a default instead;
/// - foreign default: a default argument, or the initial value of a settable `var`, creates a
///   type declared outside the analysed files (and not accepted by `WiringVocabulary.localDefaults`),
///   where the parameter or property is typed as an abstraction or the type is volatile. A default
///   of a type declared in the analysed files is a Local Default, and no finding;
/// - service locator: `resolve(…)` called outside a composition root;
/// - strong back-reference: see `BackReferenceDetector`;
/// - setter with a silent fallback: `x?.member` where `x` is an optional `var` typed as an
///   abstraction or a volatile type, neither `weak` nor `unowned` nor a link back to an owner
///   (`delegate`, a presenter's `view`: see `BackReferenceDetector`), and injected (assignable
///   from outside, or taken by an initializer parameter of the same name);
/// - Cake default: an extension of a protocol provides a member that is a requirement of a
///   `UsesX` protocol that protocol is or refines.
struct FindingDetector {
    let facts: SourceFacts
    let judge: TypeJudge
    let composition: CompositionMap

    func findings() -> [WiringFinding] {
        let cake = cakeDefaults()
        let cakeMembers = Set(cake.map { "\($0.type).\($0.member ?? "")" })
        let found = hardWiredDependencies(excludingCakeMembers: cakeMembers) + foreignDefaults() + serviceLocators()
            + BackReferenceDetector(facts: facts, judge: judge).findings() + silentFallbacks() + cake
        return found.uniqued().sorted {
            ($0.file, $0.line, $0.kind.rawValue, $0.member ?? "") < ($1.file, $1.line, $1.kind.rawValue, $1.member ?? "")
        }
    }

    private func property(named name: String?, in owner: String?) -> PropertyFact? {
        guard let name, let owner else { return nil }
        return facts.properties.first { $0.ownerType == owner && $0.name == name && $0.localToFunction == nil }
    }

    private func isInRoot(_ owner: String?, _ member: String?, _ file: String) -> Bool {
        composition.isRoot(ownerType: owner, ownerMember: member, file: file)
    }

    // MARK: Hard-wired dependency

    private func hardWiredDependencies(excludingCakeMembers cakeMembers: Set<String>) -> [WiringFinding] {
        var found: [WiringFinding] = []
        var reported: Set<SourcePosition> = []
        for creation in facts.creations {
            guard let owner = creation.ownerType, creation.typeName != owner,
                  !isInRoot(owner, creation.ownerFunction, creation.position.file),
                  judge.isWiringType(creation.typeName)
            else { continue }
            switch creation.site {
            case .defaultArgument, .containerRegistration:
                continue
            case .propertyInitialiser:
                if let stored = property(named: creation.member, in: owner), GraphBuilder.isSettable(stored) { continue }
            default:
                break
            }
            if cakeMembers.contains("\(owner).\(creation.ownerFunction ?? "")") { continue }
            let keptAs = property(named: creation.member, in: owner)?.type
            let keptAsAbstraction = keptAs.map { type in !type.isFunction && type.names.contains(where: judge.isProtocol) } ?? false
            guard judge.isVolatile(creation.typeName) || keptAsAbstraction else { continue }
            guard reported.insert(creation.position).inserted else { continue }

            let abstraction = keptAs?.names.first(where: judge.isProtocol) ?? judge.implementedAbstraction(of: creation.typeName)
            let purpose = creation.member.map { " for `\($0)`" } ?? ""
            let instead = abstraction.map { "take an `any \($0)` as an init parameter instead" } ?? "take it as an init parameter instead"
            found.append(WiringFinding(
                kind: .hardWiredDependency, file: creation.position.file, line: creation.position.line, type: owner,
                member: creation.member ?? creation.ownerFunction, target: creation.typeName,
                message: "\(owner) creates \(creation.text) itself\(purpose): looks like a hard-wired dependency "
                    + "(Control Freak), which no caller or test can replace; \(instead)."
            ))
        }
        return found
    }

    // MARK: Foreign default

    private func foreignDefaults() -> [WiringFinding] {
        var found: [WiringFinding] = []
        var reported: Set<String> = []
        for creation in facts.creations {
            let owner = creation.ownerType ?? creation.ownerFunction ?? ""
            guard !isInRoot(creation.ownerType, creation.ownerFunction, creation.position.file),
                  judge.isWiringType(creation.typeName), !judge.isDeclared(creation.typeName),
                  !judge.vocabulary.localDefaults.contains(creation.typeName),
                  let member = creation.member
            else { continue }
            let declaredType: TypeReference?
            let what: String
            switch creation.site {
            case .defaultArgument:
                declaredType = facts.parameters.first {
                    $0.ownerType == creation.ownerType && $0.function == creation.ownerFunction && $0.name == member
                }?.type
                what = "default argument"
            case .propertyInitialiser:
                guard let stored = property(named: member, in: creation.ownerType), GraphBuilder.isSettable(stored) else { continue }
                declaredType = stored.type
                what = "default value of the settable property"
            default:
                continue
            }
            let typedAsAbstraction = declaredType.map { $0.names.contains(where: judge.isProtocol) } ?? false
            guard typedAsAbstraction || judge.isVolatile(creation.typeName) else { continue }
            // One finding per parameter or property: the outermost creation, which comes first.
            guard reported.insert("\(creation.position.file):\(owner).\(creation.ownerFunction ?? "").\(member)").inserted else { continue }
            found.append(WiringFinding(
                kind: .foreignDefault, file: creation.position.file, line: creation.position.line, type: owner,
                member: member, target: creation.typeName,
                message: "The \(what) `\(member)` = \(creation.text) is a concrete type from another module: looks like a "
                    + "Foreign Default (Bastard Injection), so every caller that leaves it out silently gets "
                    + "\(creation.typeName); let the composition root pass it in."
            ))
        }
        return found
    }

    // MARK: Service locator

    private func serviceLocators() -> [WiringFinding] {
        facts.resolutions.compactMap { resolution in
            guard resolution.registeredService == nil,
                  !isInRoot(resolution.ownerType, resolution.ownerFunction, resolution.position.file)
            else { return nil }
            let owner = resolution.ownerType ?? resolution.ownerFunction ?? CompositionMap.topLevelNodeName(resolution.position.file)
            let what = resolution.typeName ?? "what it needs"
            return WiringFinding(
                kind: .serviceLocator, file: resolution.position.file, line: resolution.position.line, type: owner,
                member: resolution.ownerFunction, target: resolution.typeName,
                message: "\(owner) asks a container for \(what) with `\(resolution.text)`: looks like a Service Locator, "
                    + "which hides what \(owner) needs; resolve once in the composition root and hand it \(what) through init."
            )
        }
    }

    // MARK: Setter with a silent fallback

    private func silentFallbacks() -> [WiringFinding] {
        facts.optionalChains.filter { !$0.isForceUnwrap }.compactMap { chain in
            guard let stored = property(named: chain.propertyName, in: chain.ownerType),
                  !stored.isLet, !stored.isComputed, !stored.isStatic, !stored.isWeak, !stored.isUnowned,
                  let type = stored.type, type.isOptional, !type.isFunction,
                  type.names.contains(where: { judge.isProtocol($0) || judge.isVolatile($0) }),
                  // A link back to an owner is optional by design; holding it strongly is the mistake there.
                  !BackReferenceDetector.pointsBackByName(stored.name, owner: chain.ownerType ?? "")
            else { return nil }
            let takenByInit = facts.parameters.contains {
                $0.ownerType == stored.ownerType && $0.functionKind == .initializer && $0.name == stored.name
            }
            guard !stored.isSetterHidden || takenByInit else { return nil }
            let shown = chain.text.count > 40 ? "\(chain.propertyName)?." : chain.text
            return WiringFinding(
                kind: .setterWithSilentFallback, file: chain.position.file, line: chain.position.line,
                type: chain.ownerType ?? "", member: chain.propertyName, target: type.names.first,
                message: "`\(shown)` quietly does nothing while `\(chain.propertyName)` is nil: looks like a setter with a "
                    + "silent fallback; fail loudly instead (throw an error, or stop with a clear message) when it was never set."
            )
        }
    }

    // MARK: Cake default

    private func cakeDefaults() -> [WiringFinding] {
        var found: [WiringFinding] = []
        for extensionFact in facts.extensions {
            let extended = extensionFact.extendedType
            guard judge.isProtocol(extended) || TypeJudge.isCakeProtocolName(extended) else { continue }
            var requirements: [String: String] = [:]  // member to the UsesX protocol that asks for it
            for usesProtocol in judge.cakeProtocols(adoptedBy: extended) {
                for member in judge.cakeRequirements(of: usesProtocol, facts: facts).keys where requirements[member] == nil {
                    requirements[member] = usesProtocol
                }
            }
            for member in extensionFact.members where member.kind == .property {
                guard let usesProtocol = requirements[member.name] else { continue }
                let created = facts.creations.first {
                    $0.ownerType == extended && $0.ownerFunction == member.name && $0.isInExtension
                }
                let supplied = created.map { " (\($0.text))" } ?? ""
                found.append(WiringFinding(
                    kind: .cakeDefault, file: member.position.file, line: member.position.line, type: extended,
                    member: member.name, target: created?.typeName,
                    message: "`extension \(extended)` gives the \(usesProtocol) requirement `\(member.name)` a default\(supplied): "
                        + "looks like a Cake default, so a mix-in class that forgets `\(member.name)` still compiles and "
                        + "silently gets it; remove the default and let every mix-in class supply its own."
                ))
            }
        }
        return found
    }
}
