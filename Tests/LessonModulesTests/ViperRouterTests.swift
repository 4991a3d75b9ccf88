import Domain
import DojoTestSupport
import Foundation
import LessonSupport
import Testing
@testable import ViperRouter

/// A screen that keeps the sheets it is asked to show.
private final class RecordingScreen: Screen {
    private(set) var sheets: [Sheet] = []

    func present(_ sheet: Sheet) {
        sheets.append(sheet)
    }
}

/// A data source with users chosen by the test, in an order the interactor has to fix.
private struct StubUserDataSource: UserDataSource {
    let users: [User]

    func fetchUsers() -> [User] {
        users
    }
}

private let linus = User(id: 7, name: "Linus", handle: "@linus", bio: "Kernel.")
private let barbara = User(id: 8, name: "Barbara", handle: "@barbara", bio: "Abstraction.")

/// Everything an assembled module was given, so a test can look at what it did with it.
private struct Fixture {
    let screen = RecordingScreen()
    let logger = RecordingLogger()
    let navigator = TerminalNavigator(root: "Home") { _ in }
    let services: UserModuleServices

    init(users: [User] = [linus, barbara]) {
        services = UserModuleServices(
            dataSource: StubUserDataSource(users: users), navigator: navigator, screen: screen,
            clock: FixedClock(date: Date(timeIntervalSince1970: 1_466_208_000)),  // 2016-06-18 00:00 UTC
            logger: logger
        )
    }
}

@Suite struct ViperRouterTests {
    @Test func theAssembledViewOwnsAPresenterThatPointsBackAtIt() throws {
        let fixture = Fixture()
        let view = UserRouter.assembleModule(services: fixture.services)
        let presenter = try #require(view.presenter as? UserListPresenter)
        #expect(presenter.view === view)
    }

    @Test func thePresenterNavigatesThroughARouterOnTheAppsNavigator() throws {
        let fixture = Fixture()
        let view = UserRouter.assembleModule(services: fixture.services)
        let presenter = try #require(view.presenter as? UserListPresenter)
        let router = try #require(presenter.router as? UserRouter)
        #expect(router.navigator as AnyObject === fixture.navigator)
    }

    @Test func theInteractorUsesTheServicesItWasGiven() throws {
        let fixture = Fixture()
        let view = UserRouter.assembleModule(services: fixture.services)
        let presenter = try #require(view.presenter as? UserListPresenter)
        let interactor = try #require(presenter.interactor as? UserInteractor)
        #expect(interactor.logger as AnyObject === fixture.logger)
        #expect(try interactor.dataSource.fetchUsers() == [linus, barbara])
        #expect(interactor.clock.now().utcStamp == "2016-06-18 00:00 UTC")
    }

    @Test func loadingShowsTheUsersSortedByNameAndLogsWhen() {
        let fixture = Fixture()
        let view = UserRouter.assembleModule(services: fixture.services)
        view.load()
        #expect(fixture.screen.sheets == [Sheet(title: "Users", lines: ["1. Barbara  @barbara", "2. Linus  @linus"])])
        #expect(fixture.logger.messages(at: .info) == ["fetched 2 users at 2016-06-18 00:00 UTC"])
    }

    @Test func selectingARowPushesThatUsersDetailAndDrawsIt() {
        let fixture = Fixture()
        let view = UserRouter.assembleModule(services: fixture.services)
        view.load()
        view.tapRow(at: 1)
        #expect(fixture.navigator.stack == ["Home", "User: Linus"])
        #expect(fixture.screen.sheets.last == Sheet(title: "Linus", lines: ["@linus", "Kernel."]))
    }

    @Test func aRowThatWasNeverShownIsIgnored() {
        let fixture = Fixture()
        let view = UserRouter.assembleModule(services: fixture.services)
        view.tapRow(at: 0)  // before load: no rows yet
        view.load()
        view.tapRow(at: 5)
        #expect(fixture.navigator.stack == ["Home"])
    }

    @Test func letGoOfTheViewAndTheWholeModuleIsFreed() {
        let fixture = Fixture()
        var view: UserListView? = UserRouter.assembleModule(services: fixture.services)
        view?.load()
        let parts = ModuleParts(view: view!)
        #expect(parts.freedParts.isEmpty)
        view = nil
        #expect(parts.freedParts == ModuleParts.names)
    }

    @Test func aFailingDataSourceIsLoggedAndShownAsAnError() {
        struct Offline: Error {}
        struct FailingDataSource: UserDataSource {
            func fetchUsers() throws -> [User] { throw Offline() }
        }
        let screen = RecordingScreen()
        let logger = RecordingLogger()
        let view = UserRouter.assembleModule(services: UserModuleServices(
            dataSource: FailingDataSource(), navigator: TerminalNavigator(root: "Home") { _ in }, screen: screen,
            clock: FixedClock(date: Date(timeIntervalSince1970: 0)), logger: logger
        ))
        view.load()
        #expect(screen.sheets == [Sheet(title: "Users", lines: ["The users could not be loaded."])])
        #expect(logger.messages(at: .error) == ["could not fetch users at 1970-01-01 00:00 UTC: Offline()"])
    }

    @Test func runWalksTheListAndTheDetailAndShowsTheModuleFreed() throws {
        let output = CapturedOutput()
        let workspace = TestRunFolder.url.appendingPathComponent(TestRunFolder.uniqueName("viper"))
        try FileManager.default.createDirectory(at: workspace, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: workspace) }

        try ViperRouterDemo.run(
            arguments: ["--select", "ada", "--clock", "fixed:2016-06-18"],
            context: DemoContext(workspaceDirectory: workspace, write: output.write)
        )
        let lines = output.text.split(separator: "\n").map(String.init)
        let expectedInOrder = [
            "app           let view = UserRouter.assembleModule(services: services)",
            "  navigator   push Users  (Home › Users)",
            "view          presenter.viewDidLoad()",
            "presenter     interactor.fetchUsers(), then view.showUsers(rows)",
            "  data source returned 3 users: Margaret Hamilton, Ada Lovelace, Grace Hopper",
            "  logger      [info] fetched 3 users at 2016-06-18 00:00 UTC",
            "│ 1. Ada Lovelace  @ada           │",
            "you           tap row 1, \"Ada Lovelace\"",
            "view          presenter.didSelectUser(at: 0)",
            "presenter     router.showDetail(for: Ada Lovelace)",
            "router        navigator.push(\"User: Ada Lovelace\"), then draws the detail",
            "  navigator   push User: Ada Lovelace  (Home › Users › User: Ada Lovelace)",
            "│ Wrote the first published program, for a machine not yet built. │",
            "  navigator   pop User: Ada Lovelace  (Home › Users)",
            "  navigator   pop Users  (Home)",
            "              freed: UserListView, UserListPresenter, UserInteractor, UserRouter",
        ]
        var position = lines.startIndex
        for expected in expectedInOrder {
            let found = lines[position...].firstIndex(of: expected)
            #expect(found != nil, "missing, or out of order: \(expected)\n--- output ---\n\(output.text)")
            position = found.map { $0 + 1 } ?? position
        }
    }

    @Test func anUnknownUserIsRefusedWithTheNamesToPickFrom() {
        let output = CapturedOutput()
        let context = DemoContext(workspaceDirectory: TestRunFolder.url, write: output.write)
        #expect {
            try ViperRouterDemo.run(arguments: ["--select", "Linus"], context: context)
        } throws: { error in
            let message = (error as? DemoUsageError)?.message ?? ""
            return message.contains("Error: there is no user \"Linus\"; pick one of: Ada Lovelace, Grace Hopper, Margaret Hamilton")
                && message.contains("Usage: run [--select <name>] [--clock <clock>]")
        }
        #expect(output.text.isEmpty, "nothing should run when the options are wrong")
    }

    @Test func aBadClockNamesTheAcceptedForms() {
        let context = DemoContext(workspaceDirectory: TestRunFolder.url) { _ in }
        #expect {
            try ViperRouterDemo.run(arguments: ["--clock", "noon"], context: context)
        } throws: { error in
            ((error as? DemoUsageError)?.message ?? "").contains("use system | fixed:YYYY-MM-DD")
        }
    }

    @Test func selectionAcceptsFirstNamesAndHandlesInAnyCase() {
        let users = SampleUserDataSource.users
        #expect(UserSelection.user(named: "GRACE", in: users)?.id == 2)
        #expect(UserSelection.user(named: "@margaret", in: users)?.id == 3)
        #expect(UserSelection.user(named: "ada", in: users)?.id == 1)
        #expect(UserSelection.user(named: "Ada Lovelace", in: users)?.id == 1)
        #expect(UserSelection.user(named: "  ", in: users) == nil)
    }
}
