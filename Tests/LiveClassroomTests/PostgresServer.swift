import DojoTestSupport
import Foundation
import Glibc

/// A real PostgreSQL server of Debian's `postgresql` package, made for one test in a folder of
/// its own (initdb), listening on a free loopback port, and stopped after. As root (CI), it runs
/// as the `postgres` user: PostgreSQL refuses to run as root. With `tls`, it also speaks TLS,
/// with a self-signed certificate made for it (openssl).
final class PostgresServer: @unchecked Sendable {
    let folder: URL
    let port: Int
    private let process: SpawnedProcess

    var url: URL { URL(string: "postgres://postgres@127.0.0.1:\(port)/postgres")! }
    private var data: URL { folder.appendingPathComponent("data") }

    static func binary(_ name: String) throws -> String {
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql")) ?? []
        guard let version = versions.sorted(by: { Int($0) ?? 0 > Int($1) ?? 0 }).first(where: {
            FileManager.default.isExecutableFile(atPath: "/usr/lib/postgresql/\($0)/bin/\(name)")
        }) else {
            throw Failure(description: "PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/\(name)): Scripts/install-system-libraries.sh installs it (apt-get install postgresql).")
        }
        return "/usr/lib/postgresql/\(version)/bin/\(name)"
    }

    init(tls: Bool = false) throws {
        folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent(TestRunFolder.uniqueName("didojo-postgres"))
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        if getuid() == 0 {
            guard let user = getpwnam("postgres") else { throw Failure(description: "There is no 'postgres' user to run PostgreSQL as.") }
            chown(folder.path, user.pointee.pw_uid, user.pointee.pw_gid)
        }
        port = try Self.freePort()
        let initdb = try Self.run(try Self.binary("initdb"), ["-D", folder.appendingPathComponent("data").path, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"])
        guard initdb.status == 0 else { throw Failure(description: "initdb failed: \(initdb.output)") }
        var settings = ["-c", "listen_addresses=127.0.0.1", "-c", "fsync=off"]
        if tls {
            let (certificate, key) = (folder.appendingPathComponent("server.crt").path, folder.appendingPathComponent("server.key").path)
            let made = Self.run("/usr/bin/openssl", [
                "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=didojo-test-postgres",
                "-keyout", key, "-out", certificate,
            ])
            guard made.status == 0 else { throw Failure(description: "openssl could not make a certificate: \(made.output)") }
            if getuid() == 0, let user = getpwnam("postgres") {
                for file in [certificate, key] { chown(file, user.pointee.pw_uid, user.pointee.pw_gid) }
            }
            chmod(key, 0o600)   // PostgreSQL refuses a key others can read
            settings += ["-c", "ssl=on", "-c", "ssl_cert_file=\(certificate)", "-c", "ssl_key_file=\(key)"]
        }
        process = SpawnedProcess()
        let (executable, arguments) = Self.asPostgresUser(try Self.binary("postgres"), [
            "-D", folder.appendingPathComponent("data").path, "-p", String(port), "-k", folder.path,
        ] + settings)
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let isReady = try Self.binary("pg_isready")
        let deadline = Date().addingTimeInterval(180)
        while Self.run(isReady, ["-h", "127.0.0.1", "-p", String(port), "-q"], asPostgres: false).status != 0 {
            guard Date() < deadline, process.isRunning else {
                stop()
                throw Failure(description: "PostgreSQL did not start on port \(port).")
            }
            Thread.sleep(forTimeInterval: 0.1)
        }
    }

    /// Fast shutdown (SIGINT to the postmaster: open sessions are ended), then the folder goes.
    func stop() {
        if let pidText = try? String(contentsOf: data.appendingPathComponent("postmaster.pid"), encoding: .utf8),
           let pid = pid_t(pidText.split(separator: "\n").first ?? "") {
            kill(pid, SIGINT)
        }
        let deadline = Date().addingTimeInterval(20)
        while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        try? FileManager.default.removeItem(at: folder)
    }

    deinit { if process.isRunning { stop() } }

    private static func asPostgresUser(_ executable: String, _ arguments: [String]) -> (String, [String]) {
        getuid() == 0 ? ("/usr/sbin/runuser", ["-u", "postgres", "--", executable] + arguments) : (executable, arguments)
    }

    @discardableResult
    private static func run(_ executable: String, _ arguments: [String], asPostgres: Bool = true) -> (status: Int32, output: String) {
        let (program, words) = asPostgres ? asPostgresUser(executable, arguments) : (executable, arguments)
        let process = SpawnedProcess()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = words
        let output = TestRunFolder.url.appendingPathComponent(TestRunFolder.uniqueName("didojo-pg") + ".log")
        FileManager.default.createFile(atPath: output.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: output) }
        guard let handle = try? FileHandle(forWritingTo: output) else { return (-1, "") }
        process.standardOutput = handle
        process.standardError = handle
        do { try process.run() } catch { return (-1, "\(error)") }
        process.waitUntilExit()
        try? handle.close()
        return (process.terminationStatus, (try? String(contentsOf: output, encoding: .utf8)) ?? "")
    }

    private static func freePort() throws -> Int {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0 }
        }
        guard bound else { throw Failure(description: "No free loopback port for PostgreSQL.") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }
}
