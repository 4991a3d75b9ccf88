import ChildProcess
import DojoCore
import DojoGrading
@testable import ExerciseChecking
import DojoTestSupport
import Foundation
import Glibc
import Testing

/// A correct answer that also tries every way out of its check, run by the real checker on the
/// real kernel: confined, every escape is refused and the correct code around them still
/// passes; with the confinement switched off, the same file gets out, so these tests see an
/// escape when there is one.
@Suite(.serialized) struct ConfinementEscapeTests {
    /// What the escapes aim at, made by the test outside the check.
    struct Targets {
        let folder: URL
        /// A file outside the check's folder, to be read ("a secret") and one to be written.
        var secret: URL { folder.appendingPathComponent("secret.txt") }
        var planted: URL { folder.appendingPathComponent("planted.txt") }
        /// Another learner's exercise file, to be changed.
        var otherLearnersFile: URL { folder.appendingPathComponent("other-learner/no-di/1/SocialPresenter.swift") }
        let tcpPort: UInt16
        let udpPort: UInt16
        let abstractSocket: String
        let victim: pid_t
    }

    /// The escapes, in a correct `double`: each prints `ESCAPED: <what>` when it gets out.
    static func hostileSource(_ targets: Targets) -> String {
        let port = { (value: UInt16) in "CChar(bitPattern: \(value >> 8)), CChar(bitPattern: \(value & 0xFF))" }
        return """
        import Foundation

        func sockaddrIPv4Loopback(port high: CChar, _ low: CChar) -> sockaddr {
            var address = sockaddr()
            address.sa_family = sa_family_t(AF_INET)
            address.sa_data = (high, low, 127, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0)
            return address
        }

        let escapes: Void = {
            if let secret = try? String(contentsOfFile: "\(targets.secret.path)", encoding: .utf8) {
                print("ESCAPED: read \\(secret)")
            }
            if FileManager.default.createFile(atPath: "\(targets.planted.path)", contents: Data("planted".utf8)) {
                print("ESCAPED: wrote outside")
            }
            if let other = FileHandle(forWritingAtPath: "\(targets.otherLearnersFile.path)") {
                other.seekToEndOfFile()
                other.write(Data("// changed by another learner\\n".utf8))
                print("ESCAPED: changed another learner's file")
            }
            let tcp = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var tcpAddress = sockaddrIPv4Loopback(port: \(port(targets.tcpPort)))
            if tcp >= 0, connect(tcp, &tcpAddress, socklen_t(MemoryLayout<sockaddr>.size)) == 0 {
                print("ESCAPED: connected over TCP")
            }
            let udp = socket(AF_INET, Int32(SOCK_DGRAM.rawValue), 0)
            var udpAddress = sockaddrIPv4Loopback(port: \(port(targets.udpPort)))
            if udp >= 0, sendto(udp, "hello", 5, 0, &udpAddress, socklen_t(MemoryLayout<sockaddr>.size)) == 5 {
                print("ESCAPED: sent over UDP")
            }
            let unix = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
            var unixAddress = sockaddr()
            unixAddress.sa_family = sa_family_t(AF_UNIX)
            let name = Array("\(targets.abstractSocket)".utf8).map { CChar(bitPattern: $0) }
            withUnsafeMutableBytes(of: &unixAddress.sa_data) { bytes in
                for (index, byte) in name.enumerated() { bytes[index + 1] = UInt8(bitPattern: byte) }
            }
            if unix >= 0, connect(unix, &unixAddress, socklen_t(2 + 1 + name.count)) == 0 {
                print("ESCAPED: connected to an abstract Unix socket")
            }
            if kill(\(targets.victim), SIGTERM) == 0 {
                print("ESCAPED: signalled another process")
            }
            if FileHandle(forReadingAtPath: "/proc/\(targets.victim)/mem") != nil {
                print("ESCAPED: opened another process's memory")
            }
            if let folder = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(targets.victim)/cwd") {
                print("ESCAPED: followed another process into \\(folder)")
            }
        }()

        func double(_ value: Int) -> Int {
            _ = escapes
            return value * 2
        }
        """
    }

    /// Checks the hostile file with the confinement on or off, and returns the report.
    func check(confined: Bool, targets: Targets, in folder: URL) async throws -> CheckReport {
        let exercise = try RedTeamCorpus.arithmetic(in: folder)
        let file = folder.appendingPathComponent("learner/\(exercise.fileName)")
        try LocalFileSystem().write(Self.hostileSource(targets), to: file)
        var settings = CheckSettings()
        settings.timeout = .seconds(30)
        settings.confined = confined
        // The file uses raw memory for its sockets: the audit would refuse it before the kernel
        // had anything to refuse. The audit has tests of its own.
        settings.refusesReach = false
        return try await RealChecker.make(
            settings: settings, cacheFolder: folder.appendingPathComponent("caches"), scratch: folder.appendingPathComponent("scratch")
        ).check(exercise, source: file)
    }

    @Test func everyEscapeIsRefusedAndTheCorrectCodeStillPasses() async throws {
        try await withTargets { targets, listeners, folder in
            let report = try await check(confined: true, targets: targets, in: folder)
            #expect(report.passed, "the correct code around the escapes must still pass: \(report.outcome)")
            #expect(!report.output.contains("ESCAPED"), "got out: \(report.output)")
            #expect(!FileManager.default.fileExists(atPath: targets.planted.path))
            #expect(try String(contentsOf: targets.otherLearnersFile, encoding: .utf8) == "// her work\n")
            #expect(listeners.tcpConnections() == 0)
            #expect(listeners.udpDatagrams() == 0)
            #expect(listeners.abstractConnections() == 0)
            #expect(kill(targets.victim, 0) == 0, "the other process must still run")
            if ConfinementSupport.current.gaps.isEmpty {
                #expect(report.confinementGaps.isEmpty)
            } else {
                #expect(report.confinementGaps == ConfinementSupport.current.gaps)
            }
        }
    }

    /// The same file with the confinement switched off gets out every way: the test above would
    /// see an escape if the confinement let one through.
    @Test func withoutConfinementTheSameFileGetsOut() async throws {
        try await withTargets { targets, listeners, folder in
            let report = try await check(confined: false, targets: targets, in: folder)
            for escape in [
                "read a secret", "wrote outside", "changed another learner's file", "connected over TCP", "sent over UDP",
                "connected to an abstract Unix socket", "signalled another process", "opened another process's memory",
                "followed another process into",
            ] {
                #expect(report.output.contains("ESCAPED: \(escape)"), "expected '\(escape)' without confinement: \(report.output)")
            }
            #expect(FileManager.default.fileExists(atPath: targets.planted.path))
            #expect(listeners.tcpConnections() > 0)
            #expect(report.confinementGaps == ["confinement is switched off for this run"])
        }
    }

    /// Makes the targets (a secret, another learner's file, TCP, UDP and abstract listeners on
    /// loopback, a process to signal), runs `body`, and cleans up.
    private func withTargets(_ body: (Targets, Listeners, URL) async throws -> Void) async throws {
        let folder = try TemporaryFolder("escape")
        let targetFolder = folder.url.appendingPathComponent("targets")
        let listeners = try Listeners()
        defer { listeners.close() }
        let victim = SpawnedProcess()
        // A sleep that ignores SIGTERM (`trap` sets it ignored, and exec keeps that), so that
        // the learner's file can signal it and still find it there to read: it used to rely on
        // a SIGTERM blocked in the thread that started it, which not every thread of the test
        // pool has, and about one run in eight the signal ended it and the two escapes through
        // its /proc entry were missed. Long enough to outlive a check on a loaded machine;
        // killed with SIGKILL when the test ends. Its output goes nowhere: an orphan holding
        // the test program's output would keep `swift test` waiting for the end of that output
        // until it exits.
        victim.executableURL = URL(fileURLWithPath: "/bin/sh")
        victim.arguments = ["-c", "trap '' TERM; exec sleep 300"]
        victim.standardInput = FileHandle.nullDevice
        victim.standardOutput = FileHandle.nullDevice
        victim.standardError = FileHandle.nullDevice
        try victim.run()
        defer {
            kill(victim.processIdentifier, SIGKILL)
            victim.waitUntilExit()
        }
        let targets = Targets(
            folder: targetFolder, tcpPort: listeners.tcpPort, udpPort: listeners.udpPort,
            abstractSocket: listeners.abstractName, victim: victim.processIdentifier
        )
        try LocalFileSystem().write("a secret", to: targets.secret)
        try LocalFileSystem().write("// her work\n", to: targets.otherLearnersFile)
        try await body(targets, listeners, folder.url)
    }
}

/// Listening sockets on loopback that count what reaches them, polled without blocking.
final class Listeners: Sendable {
    let tcpPort: UInt16
    let udpPort: UInt16
    /// Short: the learner's file spells it into a plain `sockaddr`, whose 14 bytes hold it.
    let abstractName = "dj" + String(UInt32.random(in: 0 ... .max), radix: 16)
    private let tcp: Int32
    private let udp: Int32
    private let abstract: Int32

    init() throws {
        (tcp, tcpPort) = try Self.bound(type: SOCK_STREAM)
        (udp, udpPort) = try Self.bound(type: SOCK_DGRAM)
        guard listen(tcp, 8) == 0 else { throw POSIXError(.EIO) }
        abstract = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let name = Array(abstractName.utf8)
        withUnsafeMutableBytes(of: &address.sun_path) { bytes in
            for (index, byte) in name.enumerated() { bytes[index + 1] = byte }
        }
        let length = socklen_t(MemoryLayout<sa_family_t>.size + 1 + name.count)
        let bound = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(abstract, $0, length) } }
        guard bound == 0, listen(abstract, 8) == 0 else { throw POSIXError(.EIO) }
    }

    private static func bound(type: __socket_type) throws -> (Int32, UInt16) {
        let fd = socket(AF_INET, Int32(type.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        guard fd >= 0, bound else { throw POSIXError(.EIO) }
        return (fd, UInt16(bigEndian: address.sin_port))
    }

    func tcpConnections() -> Int { Self.accepted(on: tcp) }
    func abstractConnections() -> Int { Self.accepted(on: abstract) }

    func udpDatagrams() -> Int {
        var count = 0
        var buffer = [UInt8](repeating: 0, count: 64)
        while recv(udp, &buffer, buffer.count, 0) > 0 { count += 1 }
        return count
    }

    private static func accepted(on fd: Int32) -> Int {
        var count = 0
        while case let client = accept(fd, nil, nil), client >= 0 {
            Glibc.close(client)
            count += 1
        }
        return count
    }

    func close() {
        for fd in [tcp, udp, abstract] { Glibc.close(fd) }
    }
}

/// The line that says the code looks like it was refused something by the confinement.
@Suite struct ConfinementRefusalTests {
    @Test func aFailedCheckWhoseOutputSaysPermissionDeniedGetsTheLine() {
        let report = CheckReport(exerciseID: "x.1", outcome: .checksFailed, output: "open /root/.bashrc: Permission denied")
        #expect(ConfinementRefusal.note(for: report, confined: true)?.contains("refused something a check does not allow") == true)
        #expect(ConfinementRefusal.note(for: report, confined: false) == nil, "nothing was confined")
    }

    @Test func aPassOrAnOrdinaryFailureGetsNone() {
        #expect(ConfinementRefusal.note(for: CheckReport(exerciseID: "x.1", outcome: .passed, output: "Permission denied"), confined: true) == nil)
        #expect(ConfinementRefusal.note(for: CheckReport(exerciseID: "x.1", outcome: .checksFailed, output: "Hello"), confined: true) == nil)
    }
}
