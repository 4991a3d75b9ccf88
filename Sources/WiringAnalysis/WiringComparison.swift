/// What differs between two wirings of the same code (a learner's file and the solution), one
/// sentence each, as `graph --diff` lists them.
///
/// Edges alone do not tell two wirings apart when both draw the same arrows: a composition root
/// that builds a logged output once (a `lazy var`) and one that builds it again for every
/// screen both "create" it. So beside the relations and the findings each one has alone, it
/// compares, for each relation both have:
/// - **lifetimes**: where each creation is written, which says how often it runs (once per
///   owner, lazily, once for the program, per call of a method, per read of a computed
///   property, …), and how many creations there are;
/// - **how a reference is held**: strong, `weak` or `unowned`, and whether it is optional, for
///   stored properties and parameters.
package enum WiringComparison {
    package static func differences(yours: WiringReport, solution: WiringReport) -> [String] {
        var lines: [String] = []
        let mine = relations(yours), theirs = relations(solution)
        lines += mine.filter { !theirs.contains($0) }.map { "only in yours: \($0)" }
        lines += theirs.filter { !mine.contains($0) }.map { "only in the solution: \($0)" }
        lines += lifetimeDifferences(yours: yours, solution: solution)
        lines += holdingDifferences(yours: yours, solution: solution)
        let myFindings = findings(yours), theirFindings = findings(solution)
        lines += myFindings.filter { !theirFindings.contains($0) }.map { "a finding only in yours: \($0)" }
        lines += theirFindings.filter { !myFindings.contains($0) }.map { "a finding only in the solution: \($0)" }
        return lines
    }

    /// "creates", "needs", … as a relation reads in a sentence.
    package static func phrase(_ kind: WiringEdge.Kind) -> String {
        switch kind {
        case .creates: "creates"
        case .dependsOn: "needs"
        case .holdsStrongly: "holds"
        case .holdsWeakly: "holds weakly"
        case .resolvesFromContainer: "resolves from a container"
        }
    }

    private static func relations(_ report: WiringReport) -> [String] {
        report.graph.edges.map { "\($0.from) \(phrase($0.kind)) \($0.to)" }.uniqued()
    }

    private static func findings(_ report: WiringReport) -> [String] {
        report.findings.map { finding in
            "\(finding.kind.title) in \(finding.type)" + (finding.target.map { " (\($0))" } ?? "")
        }.uniqued()
    }

    // MARK: Lifetimes

    /// Who creates what: the node the creation belongs to, and the type created.
    private struct Pair: Hashable, Comparable {
        let creator: String
        let created: String

        static func < (left: Pair, right: Pair) -> Bool {
            (left.creator, left.created) < (right.creator, right.created)
        }
    }

    /// How often one creation runs, as compared: its kind of lifetime and, for a creation per
    /// call, the function called; names of properties only describe it.
    private struct Lifetime: Hashable {
        let key: String
        let words: String
    }

    /// For each creator and type created, how many creations there are of each lifetime.
    private static func lifetimes(_ report: WiringReport) -> [Pair: [Lifetime]] {
        var result: [Pair: [Lifetime]] = [:]
        for creation in report.facts.creations where report.judge.isWiringType(creation.typeName) {
            let creator = report.composition.node(ownerType: creation.ownerType, ownerMember: creation.ownerFunction, file: creation.position.file)
            result[Pair(creator: creator, created: creation.typeName), default: []].append(lifetime(of: creation, in: report))
        }
        return result
    }

    /// How often a creation runs, from where it is written: "per call of share(_:)", "per
    /// SharePresenter, when it is made (`client`)".
    private static func lifetime(of creation: CreationFact, in report: WiringReport) -> Lifetime {
        let owner = creation.ownerType ?? "program"
        let member = creation.member.map { "`\($0)`" }
        switch creation.site {
        case .propertyInitialiser, .storedProperty, .settableProperty, .initializerBody, .initializerParameter:
            return Lifetime(key: "owner", words: "per \(owner), when it is made" + (member.map { " (\($0))" } ?? ""))
        case .lazyProperty:
            return Lifetime(key: "lazy", words: "per \(owner), when \(member ?? "it") is first used (lazy)")
        case .staticProperty:
            return Lifetime(key: "static", words: "for the whole program" + (member.map { " (static \($0))" } ?? ""))
        case .computedProperty:
            return Lifetime(key: "computed", words: "per read of " + (member ?? "a computed property"))
        case .methodBody, .functionBody, .methodParameter:
            let function = creation.ownerFunction ?? "its function"
            return Lifetime(key: "call \(function)", words: "per call of \(function)")
        case .defaultArgument:
            return Lifetime(key: "default", words: "per call that leaves out \(member ?? "the argument") (a default argument)")
        case .topLevelCode:
            return Lifetime(key: "start", words: "once, at start-up")
        case .containerRegistration:
            let scope = report.facts.registrations.first { $0.service == creation.registeredService }?.scope
            return Lifetime(
                key: "container \(scope ?? "")",
                words: "by the container's factory for \(creation.registeredService ?? "it")" + (scope.map { ", scope \($0)" } ?? ", at each resolve")
            )
        case .protocolRequirement, .cakeRequirement, .dependencyProperty:
            return Lifetime(key: creation.site.rawValue, words: "in a \(creation.site.rawValue)")
        }
    }

    /// How many creations of each lifetime, without the names that only describe them.
    private static func counts(_ lifetimes: [Lifetime]) -> [String: Int] {
        lifetimes.reduce(into: [:]) { $0[$1.key, default: 0] += 1 }
    }

    /// "1 per call of f()", "2 per call of f()", joined when a type is created in several ways.
    private static func describe(_ lifetimes: [Lifetime]) -> String {
        var order: [String] = []
        var count: [String: Int] = [:]
        var words: [String: String] = [:]
        for lifetime in lifetimes {
            if count[lifetime.key] == nil { order.append(lifetime.key) }
            count[lifetime.key, default: 0] += 1
            words[lifetime.key] = words[lifetime.key] ?? lifetime.words
        }
        return order.map { "\(count[$0] ?? 0) \(words[$0] ?? "")" }.joined(separator: " and ")
    }

    private static func lifetimeDifferences(yours: WiringReport, solution: WiringReport) -> [String] {
        let mine = lifetimes(yours), theirs = lifetimes(solution)
        return Set(mine.keys).intersection(theirs.keys).sorted().compactMap { pair in
            guard let my = mine[pair], let their = theirs[pair], counts(my) != counts(their) else { return nil }
            return "\(pair.creator) creates \(pair.created): yours \(describe(my)); the solution \(describe(their))"
        }
    }

    // MARK: How references are held

    /// How a stored property or a parameter holds a collaborator: compared by its strength and
    /// whether it is optional; its name only describes it.
    private struct Holding: Hashable {
        let key: String
        let words: String
    }

    private static func holdings(_ report: WiringReport) -> [Pair: [Holding]] {
        var result: [Pair: [Holding]] = [:]
        for property in report.facts.properties {
            guard let ownerType = property.ownerType, property.localToFunction == nil, !property.isComputed, !property.isStatic,
                  !property.isProtocolRequirement, let type = property.type, !type.isFunction else { continue }
            let strength = property.isWeak ? "weak" : property.isUnowned ? "unowned" : "strong"
            let optional = type.isOptional ? ", optional" : ""
            let holding = Holding(key: "property \(strength)\(optional)", words: "in `\(property.name)`, \(strength)\(optional)")
            for name in type.names where report.judge.isWiringType(name) && !report.judge.isValue(name) {
                result[Pair(creator: ownerType, created: name), default: []].append(holding)
            }
        }
        for parameter in report.facts.parameters where !parameter.type.isFunction {
            let from = report.composition.node(ownerType: parameter.ownerType, ownerMember: parameter.function, file: parameter.position.file)
            let optional = parameter.type.isOptional ? ", optional" : ""
            let holding = Holding(key: "parameter\(optional)", words: "in parameter `\(parameter.name)` of \(parameter.function)\(optional)")
            for name in parameter.type.names where report.judge.isProtocol(name) && report.judge.isWiringType(name) && !report.judge.isValue(name) {
                result[Pair(creator: from, created: name), default: []].append(holding)
            }
        }
        return result
    }

    private static func holdingDifferences(yours: WiringReport, solution: WiringReport) -> [String] {
        let mine = holdings(yours), theirs = holdings(solution)
        return Set(mine.keys).intersection(theirs.keys).sorted().compactMap { pair in
            guard let my = mine[pair], let their = theirs[pair], Set(my.map(\.key)) != Set(their.map(\.key)) else { return nil }
            return "\(pair.creator) keeps \(pair.created) differently: yours \(my.map(\.words).uniqued().joined(separator: " and ")); "
                + "the solution \(their.map(\.words).uniqued().joined(separator: " and "))"
        }
    }
}
