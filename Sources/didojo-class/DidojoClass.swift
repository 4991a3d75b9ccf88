import ArgumentParser
import ClassServer
import DojoCatalog
import DojoCore
import DojoWorkspace
import Foundation
import Hummingbird
import Logging
import PostgresNIO
import ServiceLifecycle

/// The live classroom's server: `didojo class serve` starts it (building it first when it has
/// not been built); it can also be started by hand.
@main
struct DidojoClass: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "didojo-class",
        abstract: "The live classroom's server: a dashboard of the room, fed by the learners' shells.",
        subcommands: [Serve.self],
        defaultSubcommand: Serve.self)
}

struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Serve one class until Ctrl-C.")

    @Option(help: "The address to listen on. 127.0.0.1 serves this machine only; 0.0.0.0 serves the whole network (see the README).")
    var host = "127.0.0.1"
    @Option(help: "The port to listen on (0: any free port).")
    var port = 8080
    @Option(help: "Where the class is kept: a SQLite file (made when missing; default: didojo-class.sqlite in $XDG_DATA_HOME/didojo, else ~/.local/share/didojo), or a PostgreSQL database (postgres://user[:password]@host[:port]/database[?sslmode=require]) that several servers of one class share.")
    var store: String?
    @Option(help: "With PostgreSQL: the class's key in the database, the same for every server of the class (default: the class's name).")
    var classKey: String?
    @Option(help: "The lessons folder (default: the Lessons folder of this checkout).")
    var lessons: String?
    @Option(help: "A workshop file: the class is its lessons, and its title names the class.")
    var workshop: String?
    @Option(help: "The class's name on the dashboard.")
    var className: String?
    @Option(help: "Use this join code instead of the kept or a new one.")
    var joinCode: String?
    @Option(help: "Use this teacher token instead of the kept or a new one.")
    var teacherToken: String?

    func run() async throws {
        let fileSystem = LocalFileSystem()
        let lessonsFolder = try lessons.map(Self.userURL) ?? InstalledLessons.folder(above: InstalledLessons.runningExecutable, fileSystem: fileSystem)
        var catalog = LessonCatalog.load(from: lessonsFolder, fileSystem: fileSystem)
        guard !catalog.lessons.isEmpty else {
            throw ValidationError("There are no lessons in \(lessonsFolder.path): give the lessons folder with --lessons.")
        }
        var title = className ?? "DIDojo class"
        var plan: Workshop?
        if let workshop {
            let workshopPlan = try WorkshopFile.load(from: Self.userURL(workshop), fileSystem: fileSystem)
            catalog = try workshopPlan.arrange(catalog)
            title = className ?? workshopPlan.title
            plan = workshopPlan
        }
        // The composition root: the machine's clocks, the store, the services it needs run
        // (PostgreSQL's client), and the server, in one ServiceLifecycle group that SIGINT and
        // SIGTERM shut down gracefully, in reverse order: the server first, the store's client last.
        let timeSource: any TimeSource = SystemTimeSource()
        let clock: any Clock<Duration> = ContinuousClock()
        let classStore: any ClassStore
        var storeServices: [any Service] = []
        let keptIn: String
        let store = store ?? Self.defaultStore().path
        if store.contains("://") {
            guard let url = URL(string: store) else { throw ValidationError("'\(store)' is not a URL.") }
            let configuration: PostgresClient.Configuration
            do {
                configuration = try PostgresClassStore.configuration(url: url)
            } catch {
                throw ValidationError(String(describing: error))
            }
            var logger = Logger(label: "didojo-class.postgres")
            logger.logLevel = .error
            let client = PostgresClient(configuration: configuration, backgroundLogger: logger)
            classStore = PostgresClassStore(client: client, classKey: classKey ?? title)
            storeServices = [client]
            keptIn = "PostgreSQL at \(url.host ?? "?")\(url.path), class '\(classKey ?? title)'"
        } else {
            let file = Self.userURL(store)
            if self.store == nil {
                try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            }
            classStore = try SQLiteClassStore(file: file)
            keptIn = file.path
        }
        let (lessonsOfClass, chosenCode, chosenToken, host, port) = (ClassLessons(catalog: catalog, workshop: plan), joinCode?.uppercased(), teacherToken, host, port)
        let shownHost = host == "0.0.0.0" ? (ProcessInfo.processInfo.hostName) : host
        let (name, lessonCount, listensEverywhere, keptWhere) = (title, catalog.lessons.count, host == "0.0.0.0", keptIn)
        let server = ClassServerService(
            open: {
                do {
                    return try await ClassService.open(
                        store: classStore, lessons: lessonsOfClass, className: name, joinCode: chosenCode, teacherToken: chosenToken,
                        timeSource: timeSource, clock: clock)
                } catch {
                    throw ValidationError("Could not open the class in \(keptWhere): \(String(describing: error))")
                }
            },
            serve: { service in
                let routes = ClassRoutes(service: service, dashboard: try DashboardFiles.bundled())
                let app = ClassServerApplication.make(routes: routes, host: host, port: port) { port in
                    let base = "http://\(shownHost):\(port)"
                    let code = await service.joinCode
                    Self.say("""
                        Class "\(name)" is open (\(lessonCount) lessons; kept in \(keptWhere)).
                          Teacher's dashboard: \(base)/signin#\(routes.sessions.newCode())
                          Projector view:      \(base)/projector?token=\(service.projectorToken)
                          Learners type:       class join \(base) \(code)
                        The dashboard's link signs in one browser, once, within an hour; the page's address then holds no secret.
                        Another browser: 'Sign in another browser' on the dashboard, or the teacher's token at \(base)/signin.
                        Teacher's token (keep it to yourself; 'didojo class grade' reads it from DIDOJO_TEACHER_TOKEN): \(service.teacherToken)
                        The projector's link only shows the room, without names.
                        Ctrl-C stops the server; the class is kept, and starting it again carries on.
                        """)
                    if listensEverywhere {
                        Self.say("Listening on every network this machine is on: anyone there can reach the join page and try codes.")
                    }
                }
                try await app.run()
            })
        var logger = Logger(label: "didojo-class")
        logger.logLevel = .warning
        try await ServiceGroup(configuration: .init(
            services: storeServices + [server], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)).run()
    }

    /// The class's file when none is given: in the user's data folder, outside any checkout
    /// (a class file holds the teacher's token: it must not end up in a repository).
    static func defaultStore(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        let data = environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
            ?? URL(fileURLWithPath: environment["HOME"] ?? NSHomeDirectory()).appendingPathComponent(".local/share")
        return data.appendingPathComponent("didojo/didojo-class.sqlite")
    }

    /// Printed at once, whether standard output is a terminal or a pipe (a test reads it).
    static func say(_ text: String) {
        StandardStreams.writeOutput(text + "\n")
    }

    static func userURL(_ path: String) -> URL {
        URL(fileURLWithPath: (path as NSString).expandingTildeInPath, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath)).standardizedFileURL
    }
}
