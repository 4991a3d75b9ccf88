import XCTest
import Domain
import ViperRouter

/// A data source the checks can recognise: a class, so "is this the one I gave?" has an answer.
final class KnownDataSource: UserDataSource {
    let users: [User]
    init(users: [User]) { self.users = users }
    func fetchUsers() -> [User] { users }
}

/// A screen that keeps the sheets it is asked to show.
final class SheetRecorder: Screen {
    private(set) var sheets: [Sheet] = []
    func present(_ sheet: Sheet) { sheets.append(sheet) }
}

/// Everything one assembly is given, so the checks can follow each service to where it went.
struct AssemblyFixture {
    let dataSource = KnownDataSource(users: [
        User(id: 2, name: "Grace Hopper", handle: "@grace", bio: "Compilers."),
        User(id: 1, name: "Ada Lovelace", handle: "@ada", bio: "Programs."),
    ])
    let navigator = TerminalNavigator(root: "Home") { _ in }
    let screen = SheetRecorder()
    let clock = FixedClock(date: Date(timeIntervalSince1970: 1_466_208_000))  // 2016-06-18 00:00 UTC
    let logger = RecordingLogger()

    var services: UserModuleServices {
        UserModuleServices(dataSource: dataSource, navigator: navigator, screen: screen, clock: clock, logger: logger)
    }
}

final class AssembleTheModuleChecks: XCTestCase {
    func testTheViewAndThePresenterKnowEachOther() throws {
        let view = UserRouter.assembleModule(services: AssemblyFixture().services)
        let presenter = try XCTUnwrap(
            view.presenter as? UserListPresenter,
            "The view's presenter should be a UserListPresenter: create one and pass it to UserListView(presenter:screen:)"
        )
        XCTAssertTrue(
            presenter.view === view,
            "The presenter does not know the view it belongs to: set `presenter.view = view` before returning the view"
        )
    }

    func testThePresenterNavigatesThroughARouterOnTheNavigatorOfTheApp() throws {
        let fixture = AssemblyFixture()
        let view = UserRouter.assembleModule(services: fixture.services)
        let presenter = try XCTUnwrap(view.presenter as? UserListPresenter, "The view's presenter should be a UserListPresenter")
        let router = try XCTUnwrap(
            presenter.router as? UserRouter,
            "The presenter's router should be a UserRouter, created in assembleModule"
        )
        XCTAssertTrue(
            router.navigator as AnyObject === fixture.navigator,
            "The router should navigate on the app's navigator, `services.navigator`, not on one of its own"
        )
    }

    func testTheInteractorGetsTheDataSourceClockAndLoggerOfTheServices() throws {
        let fixture = AssemblyFixture()
        let view = UserRouter.assembleModule(services: fixture.services)
        let presenter = try XCTUnwrap(view.presenter as? UserListPresenter, "The view's presenter should be a UserListPresenter")
        let interactor = try XCTUnwrap(
            presenter.interactor as? UserInteractor,
            "The presenter's interactor should be a UserInteractor, created in assembleModule"
        )
        XCTAssertTrue(
            interactor.dataSource as AnyObject === fixture.dataSource,
            "The interactor fetches from a \(type(of: interactor.dataSource)) that assembleModule made itself: pass `services.dataSource`, the app's data source"
        )
        XCTAssertEqual(
            interactor.clock.now(), fixture.clock.date,
            "The interactor tells the time with a \(type(of: interactor.clock)) that assembleModule made itself: pass `services.clock`, the app's clock"
        )
        XCTAssertTrue(
            interactor.logger as AnyObject === fixture.logger,
            "The interactor logs to a \(type(of: interactor.logger)) that assembleModule made itself: pass `services.logger`, the app's logger"
        )
    }

    func testTheAssembledModuleListsUsersAndOpensADetail() {
        let fixture = AssemblyFixture()
        let view = UserRouter.assembleModule(services: fixture.services)
        view.load()
        XCTAssertEqual(
            fixture.screen.sheets.first?.lines, ["1. Ada Lovelace  @ada", "2. Grace Hopper  @grace"],
            "After view.load() the list should appear on `services.screen`, with the users from `services.dataSource`"
        )
        view.tapRow(at: 1)
        XCTAssertEqual(
            fixture.navigator.stack, ["Home", "User: Grace Hopper"],
            "Tapping the second row should push Grace Hopper's detail on `services.navigator`"
        )
    }

    func testTheDetailAppearsOnTheScreenOfTheServices() {
        let fixture = AssemblyFixture()
        let view = UserRouter.assembleModule(services: fixture.services)
        view.load()
        view.tapRow(at: 0)
        XCTAssertEqual(
            fixture.screen.sheets.dropFirst().map(\.title), ["Ada Lovelace"],
            "Tapping the first row should show Ada Lovelace's detail on `services.screen`, the screen the router was given (not a TerminalScreen() of its own): it showed \(fixture.screen.sheets.map(\.title))"
        )
    }

    func testEachAssemblyBuildsAFreshModule() {
        let fixture = AssemblyFixture()
        let first = UserRouter.assembleModule(services: fixture.services)
        let second = UserRouter.assembleModule(services: fixture.services)
        XCTAssertFalse(first === second, "Each call to assembleModule should build a new view")
        XCTAssertFalse(
            first.presenter === second.presenter,
            "Each call to assembleModule should build a new presenter: two screens must not share one"
        )
    }

    func testLettingGoOfTheViewFreesTheWholeModule() {
        let fixture = AssemblyFixture()
        weak var presenter: AnyObject?
        weak var router: AnyObject?
        weak var interactor: AnyObject?
        weak var view: UserListView?
        do {
            let assembled = UserRouter.assembleModule(services: fixture.services)
            view = assembled
            presenter = assembled.presenter
            router = (assembled.presenter as? UserListPresenter)?.router
            interactor = (assembled.presenter as? UserListPresenter).map { $0.interactor as AnyObject }
            assembled.load()
        }
        // The screen is dismissed: the app no longer holds the view. Nothing else should.
        if let router = router {
            // Name the router's property that closes a cycle, if there is one.
            let cycles = [
                (view as AnyObject?, "the view, which holds the presenter, which holds the router"),
                (presenter, "the presenter, which holds the router"),
            ]
            for (target, path) in cycles {
                guard let target else { continue }
                for property in storedProperties(of: router, pointingAt: target) {
                    XCTFail(
                        "UserRouter's `\(property)` holds \(path): a retain cycle, so a dismissed list is never freed. The router needs neither the view nor the presenter (it navigates on `services.navigator`): remove that property, or make it `weak`."
                    )
                }
            }
        }
        XCTAssertNil(view, "The view is still alive after the app let go of it: something in the module holds it strongly")
        XCTAssertNil(presenter, "The presenter outlived its view: is something other than the view holding it?")
        XCTAssertNil(interactor, "The interactor outlived the module: only the presenter should hold it")
        XCTAssertNil(router, "The router outlived the module: only the presenter should hold it (do not keep the view in the router)")
    }
}

/// The names of `owner`'s stored properties whose value is `target` itself, found with
/// `Mirror` (optionals unwrapped, a lazy property's storage named after the property).
func storedProperties(of owner: AnyObject, pointingAt target: AnyObject) -> [String] {
    Mirror(reflecting: owner).children.compactMap { child in
        guard let label = child.label else { return nil }
        var value: Any = child.value
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .optional {
            guard let wrapped = mirror.children.first?.value else { return nil }
            value = wrapped
        }
        guard Mirror(reflecting: value).displayStyle == .class, (value as AnyObject) === target else { return nil }
        return label.replacingOccurrences(of: "$__lazy_storage_$_", with: "")
    }
}
