import ArgumentParser
import ClassProtocol
import DojoCore
import DojoWorkspace
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The learner's side of the live classroom that talks to the network: joining a class, and
/// delivering the shell's class outbox in the background. The shell starts it and never waits
/// for a delivery; it links no networking itself (that would slow every start).
@main
struct DidojoClassClient: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "didojo-class-client",
        abstract: "Joins a live class and delivers a workspace's class events (the shell starts it).",
        subcommands: [Join.self, Deliver.self, Refresh.self, Grades.self])
}

struct Join: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Join the class at URL with the teacher's join code.")

    @Argument(help: "The class server's address, as the teacher gave it (http://…:8080).")
    var url: String
    @Argument(help: "The join code on the board.")
    var code: String
    @Option(help: "Your name, as the teacher will see it.")
    var name: String
    @Option(help: "The workspace that joins.")
    var workspace: String

    func run() async throws {
        guard let server = ClassAddress.parse(url) else {
            throw ClientFailure("'\(url)' is not a server address: it looks like http://192.168.1.20:8080.")
        }
        let outbox = ClassOutbox(stateFolder: Workspace.stateFolder(ofRoot: URL(fileURLWithPath: workspace)), fileSystem: LocalFileSystem())
        let answer: JoinAnswer
        switch await ClassServerConnection(server: server, token: nil).send("POST", "/api/join", body: JoinRequest(code: code, name: name)) {
        case .success(let data):
            answer = try ClassJSON.decoder().decode(JoinAnswer.self, from: data)
        case .failure(let problem):
            throw ClientFailure(problem.joinMessage)
        }
        // The courier at work (for an old class, retrying) is stopped first, and the membership
        // changes while this holds its lock: no batch of the old class goes with the new token.
        let lock = await CourierLock.takeOver(outbox.courierLock, clock: ContinuousClock())
        defer { lock?.release() }
        if let old = outbox.membership(), old.serverURL != server || old.learnerID != answer.learnerID {
            try outbox.leave()
        }
        try outbox.saveMembership(ClassMembership(
            serverURL: server, learnerID: answer.learnerID, token: answer.token, className: answer.className, name: name,
            joinedAt: SystemTimeSource().now(),
            unlockedLessons: answer.unlockedLessons ?? []))
        print("Joined \"\(answer.className)\" as \(name).")
    }
}

struct Deliver: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Deliver the workspace's class outbox, retrying until it is empty.")

    @Option(help: "The workspace whose outbox to deliver.")
    var workspace: String
    @Option(help: "Stop retrying after this many seconds without a delivery (the next event starts a new courier).")
    var giveUpAfter: Double = 1800

    func run() async throws {
        let outbox = ClassOutbox(stateFolder: Workspace.stateFolder(ofRoot: URL(fileURLWithPath: workspace)), fileSystem: LocalFileSystem())
        // The composition root of the courier: the real network, the real clocks.
        await Courier(
            outbox: outbox, transport: URLSessionTransport(), clock: ContinuousClock(), timeSource: SystemTimeSource(),
            giveUpAfter: .seconds(giveUpAfter)
        ).run()
    }
}

/// Asks the class what the teacher unlocked for the room, and keeps it where the shell reads it.
struct Refresh: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Ask the class server which lessons the teacher unlocked.")

    @Option(help: "The workspace whose class to ask.")
    var workspace: String

    func run() async throws {
        let outbox = ClassOutbox(stateFolder: Workspace.stateFolder(ofRoot: URL(fileURLWithPath: workspace)), fileSystem: LocalFileSystem())
        guard let membership = outbox.membership() else { throw ClientFailure("This workspace is not in a live class.") }
        switch await ClassServerConnection(server: membership.serverURL, token: membership.token).send("GET", "/api/learner") {
        case .success(let data):
            try outbox.noteUnlocked(try ClassJSON.decoder().decode(LearnerAnswer.self, from: data).unlockedLessons)
        case .failure(.unreachable(let reason)):
            throw ClientFailure("No answer from \(membership.serverURL.absoluteString) (\(reason)).")
        case .failure(.refused(_, let message, _)):
            throw ClientFailure("The class server said: \(message)")
        }
    }

    /// What `GET /api/learner` answers, of which this needs one field.
    struct LearnerAnswer: Decodable {
        var unlockedLessons: [String]
    }
}

/// Brings `verify --workspaces --json`'s grades into the class (`didojo class grade`).
struct Grades: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Send verify's grades (JSON) to the class's dashboard.")

    @Argument(help: "The class's address (http://host:port), as 'didojo class serve' printed it.")
    var server: String
    @Option(help: "The JSON that 'didojo verify --workspaces … --json FILE' wrote.")
    var file: String

    func run() async throws {
        // The teacher's token comes from the environment, never from a URL or the command line
        // (both end up in histories).
        guard let token = ProcessInfo.processInfo.environment["DIDOJO_TEACHER_TOKEN"].flatMap({ $0.isEmpty ? nil : $0 }) else {
            throw ClientFailure("Set DIDOJO_TEACHER_TOKEN to the teacher's token that 'didojo class serve' printed, then grade again.")
        }
        guard let link = URLComponents(string: server), link.host != nil,
              let server = link.url.flatMap({ ClassAddress.parse("\($0.scheme ?? "http")://\($0.host ?? "")\($0.port.map { ":\($0)" } ?? "")") })
        else {
            throw ClientFailure("'\(self.server)' is not the class's address: write it as 'didojo class serve' printed it (http://host:port).")
        }
        let grades = try Data(contentsOf: URL(fileURLWithPath: file))
        switch await ClassServerConnection(server: server, token: token).send("POST", "/api/grades", json: grades) {
        case .success(let data):
            let receipt = try JSONDecoder().decode(Receipt.self, from: data)
            print("The dashboard now shows the grades of \(receipt.matched) learner\(receipt.matched == 1 ? "" : "s").")
            if !receipt.unmatched.isEmpty {
                print("Not in the class (a workspace that never joined it): \(receipt.unmatched.joined(separator: ", ")).")
            }
        case .failure(.unreachable(let reason)):
            throw ClientFailure("No answer from \(server.absoluteString) (\(reason)).")
        case .failure(.refused(_, let message, _)):
            throw ClientFailure("The class server said: \(message)")
        }
    }

    struct Receipt: Decodable {
        var matched: Int
        var unmatched: [String]
    }
}

/// An error printed as it is, for a person.
struct ClientFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
