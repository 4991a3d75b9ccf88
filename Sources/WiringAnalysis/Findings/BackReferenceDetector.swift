import WiringModel

/// Finds children that hold their owner strongly: the two keep each other alive (a retain cycle).
///
/// Two heuristics, both only for strong (neither `weak` nor `unowned`) stored instance properties
/// of classes and actors, whose type is not a closure, a plain value or a standard-library type:
/// 1. **A cycle in the analysed files.** `A.p` holds `B` (or a protocol `B` conforms to) and
///    `B.q` holds `A` (or a protocol `A` conforms to). The back-reference is the child's property:
///    the child is the one the other creates; failing that, the property that is an optional
///    `var` (a link set after creation); failing that, both are reported.
/// 2. **A name that points back.** Without seeing the other side (it may be in another module),
///    a property named `delegate`, `…Delegate`, `parent` or `owner`, or `view` in a type whose name
///    ends in `Presenter` (a VIPER or MVP presenter is owned by its view), is taken to point at
///    the owner.
struct BackReferenceDetector {
    let facts: SourceFacts
    let judge: TypeJudge

    /// A strong stored property that may point at another object.
    private struct StrongLink {
        var owner: String
        var property: PropertyFact
        var targets: [String]
    }

    func findings() -> [WiringFinding] {
        let links = strongLinks()
        var found: [WiringFinding] = []
        var reported: Set<String> = []
        func report(_ link: StrongLink, _ message: String, target: String?) {
            guard reported.insert("\(link.owner).\(link.property.name)").inserted else { return }
            found.append(WiringFinding(
                kind: .strongBackReference, file: link.property.position.file, line: link.property.position.line,
                type: link.owner, member: link.property.name, target: target, message: message
            ))
        }

        for link in links {
            for other in links where other.owner != link.owner {
                guard refers(link, to: other.owner), refers(other, to: link.owner) else { continue }
                let children = childLinks(link, other)
                for child in children {
                    let parent = child.owner == link.owner ? other.owner : link.owner
                    report(child, "`\(child.owner).\(child.property.name)` holds \(parent) strongly while \(parent) holds "
                        + "\(child.owner) too: looks like a strong back-reference (a retain cycle), so neither is ever freed; "
                        + "declare it `weak var \(child.property.name)`.", target: parent)
                }
            }
        }
        for link in links where Self.pointsBackByName(link.property.name, owner: link.owner) {
            let target = link.targets.first
            report(link, "`\(link.owner).\(link.property.name)` points back at what owns this \(link.owner), and holds it "
                + "strongly: looks like a strong back-reference that keeps both alive forever; declare it "
                + "`weak var \(link.property.name)`.", target: target)
        }
        return found
    }

    private func strongLinks() -> [StrongLink] {
        facts.properties.compactMap { property in
            guard let owner = property.ownerType, property.localToFunction == nil, !property.isStatic, !property.isComputed,
                  !property.isProtocolRequirement, !property.isWeak, !property.isUnowned,
                  let type = property.type, !type.isFunction,
                  let kind = judge.declared[owner]?.kind, kind == .class || kind == .actor
            else { return nil }
            let targets = type.names.filter { judge.isWiringType($0) && !judge.isValue($0) }
            return targets.isEmpty ? nil : StrongLink(owner: owner, property: property, targets: targets)
        }
    }

    /// Whether `link` may hold an instance of `type`: its type is `type`, or a protocol `type` conforms to.
    private func refers(_ link: StrongLink, to type: String) -> Bool {
        let conformed = judge.allConformances(of: type)
        return link.targets.contains { $0 == type || conformed.contains($0) }
    }

    /// The back-reference(s) of a cycle between two links (see the type's documentation).
    private func childLinks(_ first: StrongLink, _ second: StrongLink) -> [StrongLink] {
        let firstCreatesSecond = facts.creations.contains { $0.ownerType == first.owner && $0.typeName == second.owner }
        let secondCreatesFirst = facts.creations.contains { $0.ownerType == second.owner && $0.typeName == first.owner }
        if firstCreatesSecond != secondCreatesFirst {
            return [firstCreatesSecond ? second : first]
        }
        let setLater = [first, second].filter { !$0.property.isLet && ($0.property.type?.isOptional ?? false) }
        return setLater.count == 1 ? setLater : [first, second]
    }

    static func pointsBackByName(_ name: String, owner: String) -> Bool {
        if ["delegate", "parent", "owner"].contains(name) || name.hasSuffix("Delegate") { return true }
        return name == "view" && owner.hasSuffix("Presenter")
    }
}
