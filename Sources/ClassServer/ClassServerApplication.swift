import Foundation
import Hummingbird
import Logging
import ServiceLifecycle

/// The class server as a Hummingbird application: one place that `didojo-class serve` and the
/// tests build it. The class (`ClassService`) runs as one of the application's services, so
/// that it stops after the HTTP server: ServiceLifecycle shuts services down in reverse order.
public enum ClassServerApplication {
    public static func make(
        routes: ClassRoutes, host: String, port: Int, onRunning: @escaping @Sendable (Int) async -> Void = { _ in }
    ) -> some ApplicationProtocol {
        var logger = Logger(label: "didojo-class")
        logger.logLevel = .warning
        return Application(
            router: routes.router(),
            configuration: .init(address: .hostname(host, port: port), serverName: "didojo-class"),
            services: [routes.service],
            onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? port) },
            logger: logger)
    }
}

/// `didojo-class` as one ServiceLifecycle service: opens the class (the store's own services,
/// PostgreSQL's client, run already: they come before it in the service group), then serves it
/// until the graceful shutdown that SIGINT or SIGTERM starts.
public struct ClassServerService: Service {
    private let open: @Sendable () async throws -> ClassService
    private let serve: @Sendable (ClassService) async throws -> Void

    /// `open` opens the class; `serve` runs the application for it (`ClassServerApplication`).
    public init(open: @escaping @Sendable () async throws -> ClassService, serve: @escaping @Sendable (ClassService) async throws -> Void) {
        self.open = open
        self.serve = serve
    }

    public func run() async throws {
        // Ctrl-C while the store is still being reached stops at once.
        let service = try await cancelWhenGracefulShutdown(open)
        try await serve(service)
    }
}
