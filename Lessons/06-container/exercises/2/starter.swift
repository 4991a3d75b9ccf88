import ContainerLesson

/// A tiny container: register a factory for a type, resolve the type.
///
/// `.transient` works already. `.singleton` is accepted but not honoured yet, and a cycle of
/// registrations makes `resolve` call itself until a crude depth limit gives up, without
/// saying which types went round in circles (Swinject does much the same, at depth 200).
final class MiniContainer {
    enum Lifetime {
        /// A new instance at every `resolve`.
        case transient
        /// One instance, built at the first `resolve` and reused after that.
        case singleton
    }

    private struct Registration {
        let lifetime: Lifetime
        let make: (MiniContainer) throws -> Any
    }

    private var registrations: [ObjectIdentifier: Registration] = [:]
    /// How many `resolve` calls are running inside one another; only for the safety net.
    private var depth = 0

    /// Thrown by the safety net below, which stops a cycle before the stack overflows.
    struct GaveUp: Error, CustomStringConvertible {
        var description: String { "gave up after 64 nested resolves: is there a cycle?" }
    }

    /// Registers how to build `type`; a second registration for a type replaces the first.
    func register<Service>(
        _ type: Service.Type,
        lifetime: Lifetime = .transient,
        factory: @escaping (MiniContainer) throws -> Service
    ) {
        registrations[ObjectIdentifier(type)] = Registration(lifetime: lifetime, make: { try factory($0) })
    }

    /// Builds, or reuses, the instance registered for `type`.
    func resolve<Service>(_ type: Service.Type) throws -> Service {
        let key = ObjectIdentifier(type)
        let name = String(describing: type)
        guard let registration = registrations[key] else {
            throw ResolutionError.missingRegistration(type: name, path: [])
        }
        // TODO 1: honour `.singleton`: keep the first instance (say, in a dictionary keyed like
        // `registrations`) and return it from then on, without calling the factory again.
        // TODO 2: detect a cycle. Remember which types are being built right now (with their
        // names); if `type` is already among them, throw
        // `ResolutionError.cycle(["A", "B", "A"])`: the names from where the cycle starts,
        // then `name` again. Make sure a `resolve` that throws forgets what it was building.
        // Safety net, so that a cycle fails instead of crashing; your cycle check makes it
        // unnecessary (you may delete it).
        depth += 1
        defer { depth -= 1 }
        guard depth <= 64 else { throw GaveUp() }

        let instance = try registration.make(self)
        return instance as! Service
    }
}
