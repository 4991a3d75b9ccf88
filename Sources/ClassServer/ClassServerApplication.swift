import Foundation
import Hummingbird
import Logging

/// The class server as a Hummingbird application: one place that `didojo-class serve` and the
/// tests build it.
public enum ClassServerApplication {
    public static func make(
        routes: ClassRoutes, host: String, port: Int, onRunning: @escaping @Sendable (Int) async -> Void = { _ in }
    ) -> some ApplicationProtocol {
        var logger = Logger(label: "didojo-class")
        logger.logLevel = .warning
        return Application(
            router: routes.router(),
            configuration: .init(address: .hostname(host, port: port), serverName: "didojo-class"),
            onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? port) },
            logger: logger)
    }
}
