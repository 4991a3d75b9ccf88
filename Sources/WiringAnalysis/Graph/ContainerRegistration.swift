/// One registration in a DI container: `container.register(Logger.self) { _ in PrintLogger() }`.
public struct ContainerRegistration: Sendable, Hashable, Codable {
    /// The type registered (usually an abstraction).
    public let service: String
    /// The concrete types its factory closure creates.
    public let creates: [String]
    /// The types its factory closure resolves from the container.
    public let resolves: [String]
    /// The lifetime word written with it (`container`, `singleton`, `transient`, `graph`), if any.
    public let scope: String?
    /// The node (function or type) that makes the registration.
    public let registeredBy: String
    public let file: String
    public let line: Int

    public init(
        service: String, creates: [String], resolves: [String], scope: String?, registeredBy: String, file: String, line: Int
    ) {
        self.service = service
        self.creates = creates
        self.resolves = resolves
        self.scope = scope
        self.registeredBy = registeredBy
        self.file = file
        self.line = line
    }
}
