import WiringModel

extension WiringRule {
    /// Where the analysed files break this rule; empty when they keep it.
    ///
    /// Members written in extensions of a type count as the type's own.
    package func violations(in report: WiringReport) -> [WiringViolation] {
        let facts = report.facts
        switch kind {
        case .noConcreteCreation:
            return facts.creations.filter { creation in
                inside.contains(creation.ownerType ?? "") && of.contains(creation.typeName)
            }.map { creation in
                violation(at: creation.position, "\(creation.ownerType ?? "") creates \(creation.text)\(Self.describe(creation))")
            }

        case .noDefaultArgumentOfConcreteType:
            return facts.parameters.filter { parameter in
                guard inside.contains(parameter.ownerType ?? ""), let type = parameter.defaultType else { return false }
                return !report.judge.isBuiltin(type)
            }.map { parameter in
                violation(at: parameter.position, "\(parameter.ownerType ?? "").\(parameter.function) defaults "
                    + "`\(parameter.name)` to \(parameter.defaultText ?? parameter.defaultType ?? "")")
            }

        case .noProtocolExtensionDefault:
            guard let protocolName, let member else { return [] }
            return facts.extensions.filter { extensionFact in
                let extended = extensionFact.extendedType
                let isProtocol = extended == protocolName || report.judge.isProtocol(extended) || TypeJudge.isCakeProtocolName(extended)
                return isProtocol && (extended == protocolName || report.judge.allConformances(of: extended).contains(protocolName))
            }.flatMap { extensionFact in
                extensionFact.members.filter { $0.name == member }.map { provided in
                    violation(at: provided.position, "extension \(extensionFact.extendedType) provides `\(member)`")
                }
            }

        case .weakReference:
            guard let property else { return [] }
            return inside.compactMap { owner in
                let declared = facts.properties.first { $0.ownerType == owner && $0.name == property && $0.localToFunction == nil }
                guard let declared else {
                    let position = report.judge.declared[owner]?.position ?? SourcePosition(file: report.files.first ?? "", line: 1)
                    return violation(at: position, "\(owner) has no property `\(property)`")
                }
                guard !declared.isWeak, !declared.isUnowned else { return nil }
                return violation(at: declared.position, "\(owner).\(property) is a strong reference")
            }

        case .noContainerResolveOutside:
            return facts.resolutions.filter { resolution in
                !isAllowedToResolve(ownerType: resolution.ownerType, ownerFunction: resolution.ownerFunction)
            }.map { resolution in
                let owner = [resolution.ownerType, resolution.ownerFunction].compactMap { $0 }.joined(separator: ".")
                return violation(at: resolution.position, "\(owner.isEmpty ? "top-level code" : owner) calls \(resolution.text)")
            }

        case .noOptionalChainingOn, .noForceUnwrap:
            guard let property else { return [] }
            return facts.optionalChains.filter { chain in
                inside.contains(chain.ownerType ?? "") && chain.propertyName == property && chain.isForceUnwrap == (kind == .noForceUnwrap)
            }.map { chain in
                violation(at: chain.position, "\(chain.ownerType ?? "") uses `\(chain.text)`")
            }

        case .immutableProperty:
            guard let property else { return [] }
            return inside.compactMap { owner in
                let declared = facts.properties.first { $0.ownerType == owner && $0.name == property && $0.localToFunction == nil }
                guard let declared, !declared.isLet else { return nil }
                return violation(at: declared.position, "\(owner).\(property) is a `var`")
            }
        }
    }

    private func violation(at position: SourcePosition, _ detail: String) -> WiringViolation {
        WiringViolation(rule: kind, file: position.file, line: position.line, message: message, detail: detail)
    }

    /// `in` names a type (`AppAssembly`), a function (`makeAppCoordinator`, `makeAppCoordinator(extra:)`)
    /// or a method (`UserRouter.assembleModule`).
    private func isAllowedToResolve(ownerType: String?, ownerFunction: String?) -> Bool {
        if let ownerType, inside.contains(ownerType) { return true }
        guard let ownerFunction else { return false }
        let baseName = String(ownerFunction.prefix { $0 != "(" })
        let names = [ownerFunction, baseName] + (ownerType.map { ["\($0).\(ownerFunction)", "\($0).\(baseName)"] } ?? [])
        return names.contains(where: inside.contains)
    }

    private static func describe(_ creation: CreationFact) -> String {
        let member = creation.member.map { " `\($0)`" } ?? ""
        switch creation.site {
        case .defaultArgument: return " as the default of\(member)"
        case .propertyInitialiser: return " as the initial value of\(member)"
        case .lazyProperty: return " in the lazy var\(member)"
        case .computedProperty: return " in the computed property\(member)"
        case .staticProperty: return " in the static property\(member)"
        case .initializerBody: return " in an initializer" + (creation.member.map { " for `\($0)`" } ?? "")
        case .methodBody: return " in " + (creation.ownerFunction ?? "a method")
        default: return ""
        }
    }
}

extension WiringReport {
    /// Every violation of `rules`, in file and line order.
    package func violations(of rules: [WiringRule]) -> [WiringViolation] {
        rules.flatMap { $0.violations(in: self) }.sorted { ($0.file, $0.line) < ($1.file, $1.line) }
    }
}
