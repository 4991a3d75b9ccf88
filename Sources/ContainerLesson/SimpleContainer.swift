/// A small dependency injection container: register a factory for a type, resolve the type.
///
/// Written in the lesson to show what a container library does underneath: a dictionary from
/// types to factories, a cache per lifetime, and a stack of what is being built, which is
/// how it can name a missing registration's consumers and report a cycle instead of
/// recursing forever.
///
/// Not thread-safe: resolve from one thread (or behind a lock), as with Swinject's `Container`.
public final class SimpleContainer {
    private struct Registration {
        let lifetime: Lifetime
        let make: (SimpleContainer) throws -> Any
    }

    private var registrations: [ObjectIdentifier: Registration] = [:]
    private var singletons: [ObjectIdentifier: Any] = [:]
    /// The `.graph` instances of the `resolve` call in progress; emptied when it returns.
    private var graphInstances: [ObjectIdentifier: Any] = [:]
    /// What is being built right now, the outermost first.
    private var inProgress: [(key: ObjectIdentifier, name: String)] = []

    public init() {}

    /// Registers how to build `type`. A second registration for the same type replaces the
    /// first.
    ///
    /// - Parameters:
    ///   - lifetime: how long a built instance is reused; `.graph` unless told otherwise.
    ///   - factory: builds the instance; it receives the container to resolve its own
    ///     dependencies with.
    public func register<Service>(
        _ type: Service.Type,
        lifetime: Lifetime = .graph,
        factory: @escaping (SimpleContainer) throws -> Service
    ) {
        let key = ObjectIdentifier(type)
        registrations[key] = Registration(lifetime: lifetime, make: { try factory($0) })
        singletons[key] = nil
    }

    /// Builds (or reuses, depending on its lifetime) the instance registered for `type`.
    ///
    /// - Throws: `ResolutionError.missingRegistration` when `type`, or anything it needs, was
    ///   never registered; `ResolutionError.cycle` when building `type` needs `type` again.
    public func resolve<Service>(_ type: Service.Type = Service.self) throws -> Service {
        let key = ObjectIdentifier(type)
        let name = Self.name(of: type)
        if let instance = singletons[key] ?? graphInstances[key] {
            return try Self.cast(instance, to: type)
        }
        if let start = inProgress.firstIndex(where: { $0.key == key }) {
            throw ResolutionError.cycle(inProgress[start...].map(\.name) + [name])
        }
        guard let registration = registrations[key] else {
            throw ResolutionError.missingRegistration(type: name, path: inProgress.map(\.name))
        }

        inProgress.append((key, name))
        defer {
            // Also runs when a factory throws, so a failed resolve leaves nothing behind.
            inProgress.removeLast()
            if inProgress.isEmpty { graphInstances.removeAll() }
        }
        let instance = try registration.make(self)
        switch registration.lifetime {
        case .transient: break
        case .graph: graphInstances[key] = instance
        case .singleton: singletons[key] = instance
        }
        return try Self.cast(instance, to: type)
    }

    /// How errors name a type: `MainCoordinator`; `Clock` for `(any Clock).self`.
    static func name<Service>(of type: Service.Type) -> String {
        String(describing: type)
    }

    private static func cast<Service>(_ instance: Any, to type: Service.Type) throws -> Service {
        // `register` only stores factories that return `Service`, so this cannot fail; a
        // `throw` keeps that promise checked without a crash.
        guard let service = instance as? Service else {
            throw ResolutionError.missingRegistration(type: name(of: type), path: [])
        }
        return service
    }
}
