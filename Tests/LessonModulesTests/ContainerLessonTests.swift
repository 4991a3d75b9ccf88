import ContainerLesson
import Domain
import DojoTestSupport
import Foundation
import LessonSupport
import Swinject
import Testing

// MARK: - Helpers

/// A navigator that only remembers the names it was asked to push and pop.
private final class RecordingNavigator: Navigator {
    private(set) var steps: [String] = []
    func push(_ screen: String) { steps.append("push \(screen)") }
    func pop() { steps.append("pop") }
    func present(_ screen: String) { steps.append("present \(screen)") }
    func dismiss() { steps.append("dismiss") }
}

private final class Counter {
    private(set) var made = 0
    func next() -> Int {
        made += 1
        return made
    }
}

private final class Token {}
private final class Pair {
    let first: Token
    let second: Token
    init(first: Token, second: Token) {
        self.first = first
        self.second = second
    }
}

private protocol Parent: AnyObject {}
private protocol Child: AnyObject {}
private final class ParentImpl: Parent {
    let child: any Child
    init(child: any Child) { self.child = child }
}
private final class ChildImpl: Child {
    weak var parent: (any Parent)?
}
/// A parent that knows in which order it was built.
private final class NumberedParent: Parent {
    let number: Int
    let child: any Child
    init(number: Int, child: any Child) {
        self.number = number
        self.child = child
    }
}

private func temporaryWorkspace() throws -> URL {
    let folder = TestRunFolder.url.appendingPathComponent(TestRunFolder.uniqueName("container-lesson"))
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
}

private func runDemo(_ arguments: [String]) throws -> String {
    let output = CapturedOutput()
    let workspace = try temporaryWorkspace()
    defer { try? FileManager.default.removeItem(at: workspace) }
    try ContainerDemo.run(arguments: arguments, context: DemoContext(workspaceDirectory: workspace, write: output.write))
    return output.text
}

private let day = FixedClock(date: Date(timeIntervalSince1970: 1_466_208_000))  // 2016-06-18 00:00 UTC

// MARK: - The seed-shaped DIContainer

@Suite("Lesson 6: the hand-written DIContainer and its coordinator")
struct DIContainerTests {
    @Test("The coordinator shows home first, then detail when Detail is tapped, logging each creation")
    func walksHomeThenDetail() {
        let logger = RecordingLogger()
        let navigator = RecordingNavigator()
        let coordinator = DIContainer(logger: logger, clock: day)
            .makeMainCoordinator(navigator: navigator, screen: TerminalScreen(write: { _ in }))
        coordinator.start()
        coordinator.visible?.tap("Detail")
        #expect(navigator.steps == ["push Home", "push Detail"])
        #expect(logger.messages(at: .info) == [
            "made MainCoordinator",
            "made HomeViewModel and HomeViewController",
            "made DetailViewModel and DetailViewController",
        ])
        #expect(coordinator.visible?.sheet.lines == ["Opened at 2016-06-18 00:00 UTC"])
    }

    @Test("Settings opens from home and its Close button goes back through the coordinator")
    func settingsCloses() {
        let navigator = RecordingNavigator()
        let coordinator = DIContainer(logger: RecordingLogger(), clock: day)
            .makeMainCoordinator(navigator: navigator, screen: TerminalScreen(write: { _ in }))
        coordinator.start()
        coordinator.visible?.tap("Settings")
        #expect(coordinator.visible?.title == "Settings")
        coordinator.visible?.tap("Close")
        #expect(navigator.steps == ["push Home", "push Settings", "pop"])
        #expect(coordinator.visible?.title == "Home")
    }

    @Test("A coordinator is freed once nobody holds it: the navigation closures do not keep it alive")
    func noRetainCycle() {
        weak var weakCoordinator: MainCoordinator?
        do {
            let coordinator = PureComposition.makeCoordinator(logger: RecordingLogger(), clock: day, write: { _ in })
            coordinator.start()
            weakCoordinator = coordinator
        }
        #expect(weakCoordinator == nil)
    }
}

// MARK: - SimpleContainer

@Suite("Lesson 6: SimpleContainer")
struct SimpleContainerTests {
    @Test("A transient registration builds a new instance at every resolve")
    func transient() throws {
        let container = SimpleContainer()
        container.register(Token.self, lifetime: .transient) { _ in Token() }
        container.register(Pair.self, lifetime: .transient) { c in Pair(first: try c.resolve(Token.self), second: try c.resolve(Token.self)) }
        let pair = try container.resolve(Pair.self)
        #expect(pair.first !== pair.second)
        #expect(try container.resolve(Token.self) !== container.resolve(Token.self))
    }

    @Test("A graph registration is shared within one resolve and built again by the next one")
    func graph() throws {
        let container = SimpleContainer()
        container.register(Token.self) { _ in Token() }  // .graph is the default
        container.register(Pair.self, lifetime: .transient) { c in Pair(first: try c.resolve(Token.self), second: try c.resolve(Token.self)) }
        let one = try container.resolve(Pair.self)
        let two = try container.resolve(Pair.self)
        #expect(one.first === one.second)
        #expect(one.first !== two.first)
    }

    @Test("A singleton registration is built once, on first use, and then always reused")
    func singleton() throws {
        let container = SimpleContainer()
        let counter = Counter()
        container.register(Token.self, lifetime: .singleton) { _ in
            _ = counter.next()
            return Token()
        }
        #expect(counter.made == 0)
        let first = try container.resolve(Token.self)
        let second = try container.resolve(Token.self)
        #expect(first === second)
        #expect(counter.made == 1)
    }

    @Test("Asking for an unregistered type throws an error that names it")
    func missingTopLevel() {
        let container = SimpleContainer()
        #expect(throws: ResolutionError.missingRegistration(type: "Clock", path: [])) {
            try container.resolve((any Clock).self)
        }
        #expect(ResolutionError.missingRegistration(type: "Clock", path: []).description == "no registration for Clock")
    }

    @Test("A missing dependency deep in the graph is reported with the path that needed it")
    func missingNested() {
        let broken = SimpleContainer()
        broken.register(DIContainer.self) { c in
            DIContainer(logger: RecordingLogger(), clock: try c.resolve((any Clock).self))
        }
        broken.register(MainCoordinator.self) { c in
            try c.resolve(DIContainer.self).makeMainCoordinator(navigator: RecordingNavigator(), screen: TerminalScreen())
        }
        do {
            _ = try broken.resolve(MainCoordinator.self)
            Issue.record("resolving without a Clock registration should throw")
        } catch let error as ResolutionError {
            #expect(error == .missingRegistration(type: "Clock", path: ["MainCoordinator", "DIContainer"]))
            #expect(error.description == "no registration for Clock, needed by MainCoordinator → DIContainer")
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    @Test("A dependency cycle throws an error naming the cycle, and the container still works afterwards")
    func cycle() throws {
        let container = SimpleContainer()
        container.register((any Parent).self) { c in ParentImpl(child: try c.resolve((any Child).self)) }
        container.register((any Child).self) { c in
            let child = ChildImpl()
            child.parent = try c.resolve((any Parent).self)
            return child
        }
        do {
            _ = try container.resolve((any Parent).self)
            Issue.record("a cycle should throw")
        } catch let error as ResolutionError {
            #expect(error == .cycle(["Parent", "Child", "Parent"]))
            #expect(error.description == "dependency cycle: Parent → Child → Parent")
        }
        // The cycle broken: the container is usable again, nothing was left half-resolved.
        container.register((any Child).self) { _ in ChildImpl() }
        #expect(try container.resolve((any Parent).self) is ParentImpl)
    }

    @Test("The lesson's composition builds the same walk as the hand-written DIContainer")
    func simpleCompositionWalks() throws {
        let logger = RecordingLogger()
        let output = CapturedOutput()
        let coordinator = try SimpleComposition.makeContainer(logger: logger, clock: day, write: output.write)
            .resolve(MainCoordinator.self)
        coordinator.start()
        coordinator.visible?.tap("Detail")
        #expect(output.text.contains("push Detail  (Launch › Home › Detail)"))
        #expect(logger.messages(at: .info).count == 3)
    }
}

// MARK: - Swinject, as the lesson describes it

@Suite("Lesson 6: Swinject 2.10.0 behaves as the pages say")
struct SwinjectTests {
    @Test("The Swinject composition resolves a coordinator that walks home then detail")
    func swinjectWalks() throws {
        let logger = RecordingLogger()
        let output = CapturedOutput()
        let container = SwinjectComposition.makeContainer(logger: logger, clock: day, write: output.write)
        let coordinator = try #require(container.resolve(MainCoordinator.self))
        coordinator.start()
        coordinator.visible?.tap("Detail")
        #expect(output.text.contains("push Home  (Launch › Home)"))
        #expect(output.text.contains("│ Opened at 2016-06-18 00:00 UTC │"))
        #expect(logger.messages(at: .info).first == "made MainCoordinator")
    }

    @Test("All three wirings produce exactly the same walk")
    func wiringsAgree() throws {
        func walk(_ make: (RecordingLogger, CapturedOutput) throws -> MainCoordinator) rethrows -> String {
            let logger = RecordingLogger()
            let output = CapturedOutput()
            let coordinator = try make(logger, output)
            coordinator.start()
            coordinator.visible?.tap("Detail")
            return output.text + logger.entries.map(\.description).joined(separator: "\n")
        }
        let pure = walk { PureComposition.makeCoordinator(logger: $0, clock: day, write: $1.write) }
        let simple = try walk { try SimpleComposition.makeContainer(logger: $0, clock: day, write: $1.write).resolve(MainCoordinator.self) }
        let swinject = walk { SwinjectComposition.makeContainer(logger: $0, clock: day, write: $1.write).resolve(MainCoordinator.self)! }
        #expect(simple == pure)
        #expect(swinject == pure)
    }

    @Test("resolve returns nil, not an error, for a type nobody registered")
    func missingIsNil() {
        #expect(Container().resolve((any Clock).self) == nil)
    }

    @Test("The default scope is .graph: shared within one resolve, new for the next")
    func defaultScopeIsGraph() throws {
        let container = Container()
        container.register(Token.self) { _ in Token() }
        container.register(Pair.self) { r in Pair(first: r.resolve(Token.self)!, second: r.resolve(Token.self)!) }
        let one = try #require(container.resolve(Pair.self))
        let two = try #require(container.resolve(Pair.self))
        #expect(one.first === one.second)
        #expect(one.first !== two.first)
        #expect(container.resolve(Token.self) !== container.resolve(Token.self))
    }

    @Test(".container shares one instance; .transient never shares, not even within a graph")
    func containerAndTransient() throws {
        let container = Container()
        container.register(Token.self) { _ in Token() }.inObjectScope(.container)
        #expect(container.resolve(Token.self) === container.resolve(Token.self))

        let fresh = Container()
        fresh.register(Token.self) { _ in Token() }.inObjectScope(.transient)
        fresh.register(Pair.self) { r in Pair(first: r.resolve(Token.self)!, second: r.resolve(Token.self)!) }
        let pair = try #require(fresh.resolve(Pair.self))
        #expect(pair.first !== pair.second)
    }

    @Test(".weak shares an instance only while someone else holds it")
    func weakScope() {
        let container = Container()
        container.register(Token.self) { _ in Token() }.inObjectScope(.weak)
        var held: Token? = container.resolve(Token.self)
        weak let first = held
        #expect(container.resolve(Token.self) === held)  // shared while someone holds it
        held = nil
        #expect(first == nil)  // the container itself did not keep it alive
        weak let second = container.resolve(Token.self)
        #expect(second == nil)  // nobody holds the new one either
    }

    @Test("Named registrations are separate keys; a misspelt name resolves to nil")
    func names() {
        let container = Container()
        container.register((any Clock).self, name: "fixed") { _ in day }
        container.register((any Clock).self, name: "system") { _ in SystemClock() }
        #expect(container.resolve((any Clock).self, name: "fixed") is FixedClock)
        #expect(container.resolve((any Clock).self, name: "system") is SystemClock)
        #expect(container.resolve((any Clock).self, name: "Fixed") == nil)
        #expect(container.resolve((any Clock).self) == nil)
    }

    @Test("initCompleted closes a parent–child cycle that the initializers alone could not")
    func initCompletedCycle() throws {
        let container = Container()
        container.register((any Parent).self) { r in ParentImpl(child: r.resolve((any Child).self)!) }
        container.register((any Child).self) { _ in ChildImpl() }
            .initCompleted { r, child in (child as! ChildImpl).parent = r.resolve((any Parent).self) }
        let parent = try #require(container.resolve((any Parent).self) as? ParentImpl)
        #expect((parent.child as? ChildImpl)?.parent === parent)
    }

    @Test("In initCompleted's cycle the parent's factory runs twice, and resolve returns the first parent (page 6)")
    func initCompletedRunsTheParentsFactoryTwice() throws {
        let counter = Counter()
        let container = Container()
        container.register((any Parent).self) { r in
            let child = r.resolve((any Child).self)!
            return NumberedParent(number: counter.next(), child: child)
        }
        container.register((any Child).self) { _ in ChildImpl() }
            .initCompleted { r, child in (child as! ChildImpl).parent = r.resolve((any Parent).self) }
        let parent = try #require(container.resolve((any Parent).self) as? NumberedParent)
        #expect(counter.made == 2, "once for the outer resolve, once more for the resolve inside initCompleted")
        #expect(parent.number == 1, "the parent built inside initCompleted is stored first and returned; #2 is thrown away")
        #expect((parent.child as? ChildImpl)?.parent === parent)
    }

    @Test("An Assembler runs each Assembly's registrations; a later one overrides an earlier one")
    func assembler() {
        struct Clocks: Assembly {
            func assemble(container: Container) {
                container.register((any Clock).self) { _ in SystemClock() }
            }
        }
        struct StoppedClock: Assembly {
            func assemble(container: Container) {
                container.register((any Clock).self) { _ in day }
            }
        }
        #expect(Assembler([Clocks()]).resolver.resolve((any Clock).self) is SystemClock)
        #expect(Assembler([Clocks(), StoppedClock()]).resolver.resolve((any Clock).self) is FixedClock)
    }

    @Test("synchronize() gives a resolver that can be used from several threads at once")
    func synchronized() async {
        let container = Container()
        container.register(Token.self) { _ in Token() }.inObjectScope(.container)
        let resolver = container.synchronize()
        let box = UncheckedResolver(resolver: resolver)
        let ids = await withTaskGroup(of: ObjectIdentifier?.self) { group in
            for _ in 0..<8 {
                group.addTask { box.resolver.resolve(Token.self).map { ObjectIdentifier($0) } }
            }
            var ids: Set<ObjectIdentifier?> = []
            for await id in group { ids.insert(id) }
            return ids
        }
        #expect(ids.count == 1)
        #expect(ids.first! != nil)
    }
}

/// Swinject's `Resolver` is not `Sendable`; the synchronized one is safe to share, which is
/// exactly what the test above relies on.
private struct UncheckedResolver: @unchecked Sendable {
    let resolver: any Resolver
}

// MARK: - The demo

@Suite("Lesson 6: run and run --bench")
struct ContainerDemoTests {
    @Test("run walks the home screen, then the detail screen, logging each creation")
    func runWalks() throws {
        let text = try runDemo(["--clock", "fixed:2016-06-18"])
        let home = try #require(text.range(of: "push Home  (Launch › Home)"))
        let detail = try #require(text.range(of: "push Detail  (Launch › Home › Detail)"))
        #expect(home.upperBound < detail.lowerBound)
        #expect(text.contains("[info] made MainCoordinator\n"))
        #expect(text.contains("[info] made HomeViewModel and HomeViewController\n"))
        #expect(text.contains("[info] made DetailViewModel and DetailViewController\n"))
        #expect(text.contains("│ Opened at 2016-06-18 00:00 UTC │"))
        #expect(text.contains("FixedClock(day: \"2016-06-18\")"))
    }

    @Test("Every --wiring walks the same screens", arguments: ["di-container", "simple", "swinject"])
    func everyWiring(wiring: String) throws {
        let text = try runDemo(["--wiring", wiring, "--clock", "fixed:2016-06-18"])
        #expect(text.contains("push Detail  (Launch › Home › Detail)"))
        #expect(text.contains("[info] made DetailViewModel and DetailViewController"))
    }

    @Test("An unknown wiring is a usage error that lists the valid ones")
    func unknownWiring() {
        do {
            _ = try runDemo(["--wiring", "magic"])
            Issue.record("--wiring magic should be refused")
        } catch let error as DemoUsageError {
            #expect(error.message.contains("di-container"))
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    @Test("run --bench prints a table with a header and one row per way, pure DI first at 1.0×")
    func bench() throws {
        let text = try runDemo(["--bench"])
        let rows = text.split(separator: "\n").filter { $0.hasPrefix("  ") }.map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(rows.count == 4, "header + three rows, got \(rows)")
        #expect(rows.first?.hasPrefix("way") == true)
        #expect(rows.dropFirst().map { String($0.prefix(15)) } == ["pure DI (DIConta", "SimpleContainer", "Swinject 2.10.0"].map { String($0.prefix(15)) })
        #expect(rows.dropFirst().first?.hasSuffix("1.0×") == true)
        #expect(rows.dropFirst().allSatisfy { $0.contains("ns") || $0.contains("µs") })
    }
}
