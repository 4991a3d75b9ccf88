import ContainerLesson

/// A tiny container: register a factory for a type, resolve the type.
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
    private var singletons: [ObjectIdentifier: Any] = [:]
    /// The types being built right now, the outermost first.
    private var inProgress: [(key: ObjectIdentifier, name: String)] = []

    /// Registers how to build `type`; a second registration for a type replaces the first.
    func register<Service>(
        _ type: Service.Type,
        lifetime: Lifetime = .transient,
        factory: @escaping (MiniContainer) throws -> Service
    ) {
        let key = ObjectIdentifier(type)
        registrations[key] = Registration(lifetime: lifetime, make: { try factory($0) })
    }

    /// Builds, or reuses, the instance registered for `type`.
    func resolve<Service>(_ type: Service.Type) throws -> Service {
        let key = ObjectIdentifier(type)
        let name = String(describing: type)
        if let instance = singletons[key] {
            return instance as! Service
        }
        if let start = inProgress.firstIndex(where: { $0.key == key }) {
            throw ResolutionError.cycle(inProgress[start...].map { $0.name } + [name])
        }
        guard let registration = registrations[key] else {
            throw ResolutionError.missingRegistration(type: name, path: [])
        }

        inProgress.append((key, name))
        // `defer` also runs when the factory throws, so a failed resolve leaves no stale entry.
        defer { inProgress.removeLast() }
        let instance = try registration.make(self)
        if registration.lifetime == .singleton {
            singletons[key] = instance
        }
        return instance as! Service
    }
}
