import Foundation

/// A registry that code asks for its dependencies while it runs: a Service Locator.
///
/// The app registers a factory per type at launch; any type may then call `resolve` on
/// `ServiceLocator.shared`, from anywhere, for anything. That reach is the trouble the lesson
/// shows: a stand-in one test registers is still there for the next test, and a registration
/// the set-up forgot is found only when some code asks for it.
///
/// Registering and resolving are thread-safe; the factories run outside the lock.
public final class ServiceLocator: @unchecked Sendable {
    /// The one every type reaches for.
    public static let shared = ServiceLocator()

    // Every access to `factories` holds `lock`, which makes `@unchecked Sendable` true.
    private let lock = NSLock()
    private var factories: [ObjectIdentifier: () -> Any] = [:]

    public init() {}

    /// Registers how to make `type`. A second registration for the same type replaces the first.
    public func register<Service>(_ type: Service.Type, factory: @escaping () -> Service) {
        lock.withLock { factories[ObjectIdentifier(type)] = factory }
    }

    /// An instance of `type`, made by its factory.
    ///
    /// - Throws: `ServiceLocatorError.notRegistered` when nobody registered `type`: the
    ///   compiler cannot know, so this is found only when the code runs.
    public func resolve<Service>(_ type: Service.Type) throws -> Service {
        guard let factory = lock.withLock({ factories[ObjectIdentifier(type)] }) else {
            throw ServiceLocatorError.notRegistered(String(describing: type))
        }
        guard let service = factory() as? Service else {
            // `register` stores only factories that return `Service`; a throw keeps that checked.
            throw ServiceLocatorError.notRegistered(String(describing: type))
        }
        return service
    }

    /// Forgets every registration, as a new process would start.
    public func removeAll() {
        lock.withLock { factories.removeAll() }
    }
}
