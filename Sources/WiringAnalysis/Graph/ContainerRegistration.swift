/// One registration in a DI container: `container.register(Logger.self) { _ in PrintLogger() }`.
package struct ContainerRegistration: Sendable, Hashable, Codable {
    /// The type registered (usually an abstraction).
    package let service: String
    /// The concrete types its factory closure creates.
    package let creates: [String]
    /// The types its factory closure resolves from the container.
    package let resolves: [String]
    /// The lifetime word written with it (`container`, `singleton`, `transient`, `graph`), if any.
    package let scope: String?
    /// The node (function or type) that makes the registration.
    package let registeredBy: String
    package let file: String
    package let line: Int

    package init(
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
