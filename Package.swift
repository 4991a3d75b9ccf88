// swift-tools-version: 6.1
import PackageDescription

/// The lesson modules, in the lessons' order: each is the runnable code behind one lesson under
/// Lessons/. A new lesson's module goes here and gets a `.target` below; Lessons/README.md,
/// "Adding a lesson", lists every other file it touches (LessonRegistrationTests checks them).
let lessonModules: [String] = [
    "NoDI", "ConstructorInjection", "SetterInjection", "CakePattern", "ViperRouter", "ContainerLesson",
    "DependencyValuesLesson", "AntiPatternsLesson", "LifetimesLesson", "ConcurrencyLesson",
]

/// The lesson modules that use swift-dependencies. It brings FoundationNetworking, and with it
/// libcurl and some thirty system libraries, into every program that loads it: 13 of the 15 ms
/// it takes the checks' program to load the lesson library, at every check. So the other
/// lessons' modules are also built as a library of their own, DIDojoLessonsLean, which the
/// checker loads instead whenever a check imports none of these (see `BuildProducts`).
let lessonModulesUsingSwiftDependencies: [String] = ["DependencyValuesLesson", "AntiPatternsLesson", "ConcurrencyLesson"]

/// Optimises a target in every build, debug included (`start.sh` builds for debugging, which
/// leaves the rest quick to build). The last optimisation flag on the command line wins.
let optimisedEvenInDebug: [SwiftSetting] = [.unsafeFlags(["-O"])]

/// Links the Swift runtime and Foundation into an executable instead of loading them as
/// shared libraries: the dynamic loader's work on libFoundation and its neighbours is most of
/// a small Swift program's start (about 8 ms of every `didojo` command and every check run
/// from a script; 2 ms linked in). The modules are compiled against the shared libraries'
/// interfaces, whose link entries leave out what the shared libraries bring themselves, so
/// the static ones Foundation needs are named here (as `swift-autolink-extract` lists them for
/// a file compiled with -static-stdlib), handed to the linker as they are (the compiler driver
/// moves `-l` options behind every other), in one group so that their order does not matter.
/// Only for executables that no test target depends on: the test bundle would get the flags too,
/// and a second Foundation beside XCTest's.
let staticSwiftLibraries: [LinkerSetting] = [.unsafeFlags(
    ["-static-stdlib", "-lutil", "-Xlinker", "--start-group"]
        + ["_FoundationICU", "CoreFoundation", "Foundation", "FoundationEssentials",
           "FoundationInternationalization", "_FoundationCShims", "_FoundationCollections"]
            .flatMap { ["-Xlinker", "-l:lib\($0).a"] }
        + ["-Xlinker", "--end-group"]
)]

/// Makes `didojo` quicker to start, every command and every check run from a script (issue 33).
/// Linked as a position-dependent executable: as a position-independent one, the dynamic
/// loader applied 120,000 relocations to it at every start, writing into some thousand of its
/// pages, 2–3 ms before `main`. And without the 48,000 symbols that `-static-stdlib` exports
/// for nothing to look up (no `dlsym` in didojo), which the Swift runtime's backtracer scans
/// once at start-up. What it costs: the executable's own code is always at the same address
/// (its libraries, heap and stack are still placed at random); didojo reads no network (the
/// live class's courier and server are programs of their own) and runs a learner's code only
/// in child processes.
let quickToStart: [LinkerSetting] = [.unsafeFlags(["-Xclang-linker", "-no-pie", "-Xlinker", "--no-export-dynamic"])]

// DIDojo runs on Linux: the checker reads /proc and uses a child subreaper, `watch` uses
// inotify, and the shell calls Glibc directly. Saying so here beats a thousand compile errors.
#if !os(Linux)
fatalError("DIDojo builds and runs on Linux only (Debian or Ubuntu with a Swift 6 toolchain): it uses /proc, inotify and Glibc.")
#endif

let package = Package(
    name: "DIDojo",
    products: [
        .executable(name: "didojo", targets: ["didojo"]),
        // The lessons' example programs, which `run` starts beside `didojo` (see didojo-demos).
        .executable(name: "didojo-demos", targets: ["didojo-demos"]),
        .executable(name: "didojo-macro-cache", targets: ["didojo-macro-cache"]),
        // The program that runs a check's tests: the checker starts it for every check.
        .executable(name: "didojo-test-host", targets: ["didojo-test-host"]),
        // The live classroom: the teacher's server (start.sh builds only the learner's products,
        // see its list; `didojo class serve` builds the server the first time a teacher runs it,
        // so a learner's machine never builds it) and the learner's courier, which delivers the
        // shell's class outbox in the background so that the shell never waits on a network.
        .executable(name: "didojo-class", targets: ["didojo-class"]),
        .executable(name: "didojo-class-client", targets: ["didojo-class-client"]),
        // The checker compiles a learner's exercise against this library with swiftc -I/-L,
        // so the shared domain and every lesson module are built as one dynamic library.
        .library(name: "DIDojoLessons", type: .dynamic, targets: ["Domain", "LessonSupport"] + lessonModules),
        // The same without the lessons that use swift-dependencies (see above). A program
        // loads one of the two, never both: each holds its own copy of the domain's types.
        .library(
            name: "DIDojoLessonsLean", type: .dynamic,
            targets: ["Domain", "LessonSupport"] + lessonModules.filter { !lessonModulesUsingSwiftDependencies.contains($0) }),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.1"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        // Lesson 6 teaches a real DI container; its module links Swinject into DIDojoLessons,
        // so exercises can `import Swinject` too.
        .package(url: "https://github.com/Swinject/Swinject", from: "2.10.0"),
        // Lesson 7 builds dependency values by hand, then uses Point-Free's library; its module
        // links Dependencies (and the @DependencyClient macro) into DIDojoLessons.
        .package(url: "https://github.com/pointfreeco/swift-dependencies", from: "1.17.1"),
        // A clock that lets time pass without waiting: in the tests (the shell's spinner and
        // `watch`, the launcher's deadlines), and in lesson 10, whose exercises use `TestClock`.
        .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.1.1"),
        // Lesson 10: `withMainSerialExecutor`, for async tests that run the same way every time.
        .package(url: "https://github.com/pointfreeco/swift-concurrency-extras", from: "1.4.3"),
        // Only the fault-injection tests use it: random lines piped into the shell.
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        // The live classroom's server (didojo-class only): HTTP with Hummingbird 2, the class
        // kept in one SQLite file through GRDB.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        // The class server's services (HTTP server, class, PostgreSQL's client) in one group
        // that SIGINT and SIGTERM shut down gracefully (Hummingbird brings it in anyway).
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        // SHA-256 for the learners' tokens, kept hashed (postgres-nio brings it in anyway).
        .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
    ],
    targets: [
        // MARK: C libraries
        .systemLibrary(name: "CLibEdit", pkgConfig: "libedit", providers: [.apt(["libedit-dev"])]),
        .target(name: "CLibEditShim", dependencies: ["CLibEdit"]),
        // cmark-gfm: CommonMark with GitHub's extensions (tables, strikethrough, autolinks); its
        // pkg-config file links the extensions library too. The shim makes parsing thread-safe.
        .systemLibrary(
            name: "CCmarkGFM", pkgConfig: "libcmark-gfm",
            providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"])]),
        .target(name: "CCmarkGFMShim", dependencies: ["CCmarkGFM"]),

        // MARK: Infrastructure
        .target(name: "LineEditing", dependencies: ["CLibEditShim"]),
        .target(name: "TerminalMarkdown", dependencies: [
            "CCmarkGFM",
            "CCmarkGFMShim",
            .product(name: "SwiftParser", package: "swift-syntax"),
            .product(name: "SwiftSyntax", package: "swift-syntax"),
        ]),
        .target(name: "CChildProcess"),
        .target(name: "ChildProcess", dependencies: ["CChildProcess"]),

        // MARK: What the lessons teach with
        .target(name: "Domain"),
        .target(name: "LessonSupport", dependencies: [
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .target(name: "NoDI", dependencies: ["Domain", "LessonSupport"]),
        .target(name: "ConstructorInjection", dependencies: [
            "Domain", "LessonSupport",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .target(name: "SetterInjection", dependencies: [
            "Domain", "LessonSupport",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .target(name: "CakePattern", dependencies: [
            "Domain", "LessonSupport",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .target(name: "ViperRouter", dependencies: [
            "Domain", "LessonSupport",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .target(name: "ContainerLesson", dependencies: [
            "Domain", "LessonSupport",
            .product(name: "Swinject", package: "Swinject"),
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .target(name: "DependencyValuesLesson", dependencies: [
            "Domain", "LessonSupport",
            .product(name: "Dependencies", package: "swift-dependencies"),
            .product(name: "DependenciesMacros", package: "swift-dependencies"),
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .target(name: "LifetimesLesson", dependencies: [
            "Domain", "LessonSupport",
            .product(name: "Swinject", package: "Swinject"),
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        // Lesson 10 injects `any Clock<Duration>` and tests it with swift-clocks; its exercises
        // import Clocks and ConcurrencyExtras through DIDojoLessons.
        .target(name: "ConcurrencyLesson", dependencies: [
            "Domain", "LessonSupport",
            .product(name: "Clocks", package: "swift-clocks"),
            .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
            .product(name: "Dependencies", package: "swift-dependencies"),
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),

        // Lesson 8 compares an Ambient Context with lesson 7's dependency values, and keeps the
        // issues swift-dependencies reports with lesson 7's IssueCollector.
        .target(name: "AntiPatternsLesson", dependencies: [
            "Domain", "LessonSupport", "DependencyValuesLesson",
            .product(name: "Dependencies", package: "swift-dependencies"),
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),

        // MARK: The tutor
        // DojoCore: the ports to the machine (the file system, time), the compiled-steps cache,
        // and the errors and words every part shares. Nothing below it links swift-syntax: the
        // class server and the courier link it, DojoCatalog and DojoWorkspace, and no more.
        .target(name: "DojoCore", dependencies: ["ContentHash"], swiftSettings: optimisedEvenInDebug),
        // The lesson catalogue: lessons, exercises, their manifests and the glossary. Optimised
        // even in a debug build: every command and the shell's start load every lesson, and
        // unoptimised decoding code looks its types up by name at run time, each lookup a scan
        // of every protocol conformance in the program (most of the load, swift-syntax's many).
        .target(name: "DojoCatalog", dependencies: ["DojoCore", "WiringModel", "Yams"], swiftSettings: optimisedEvenInDebug),
        // The learner's workspace: exercise files, progress, the workshop that paces it, export
        // and import, and the live class's outbox and courier. Optimised like DojoCatalog: the
        // shell's start and every `didojo check` read the progress and the editor's file through
        // it, half a millisecond less so (issue 33).
        .target(name: "DojoWorkspace", dependencies: ["DojoCore", "DojoCatalog", "ClassProtocol", "Yams"], swiftSettings: optimisedEvenInDebug),
        // Grading and reporting: the use cases around a check (recording, verifying, grading a
        // class, mutation testing), which know the checker only by its protocol, and the reports.
        .target(name: "DojoGrading", dependencies: [
            "DojoCore", "DojoCatalog", "DojoWorkspace", "WiringModel", "MutationTesting", "ContentHash",
        ]),
        // The checker itself: compiles the learner's file with an exercise's checks and runs
        // them in a child process. Only the composition root knows it; its public surface is
        // `CompilingChecker` (an `ExerciseChecker`) and its `CheckSettings`.
        .target(name: "ExerciseChecking", dependencies: [
            "DojoCore", "DojoCatalog", "DojoGrading",
            "WiringAnalysis", "WiringModel", "MutationTesting",
            "ChildProcess",
            "ContentHash",
            "TestHostProtocol",
            .product(name: "SwiftParser", package: "swift-syntax"),
            .product(name: "SwiftSyntax", package: "swift-syntax"),
        ]),
        .target(name: "DojoShell", dependencies: ["DojoCore", "DojoCatalog", "DojoWorkspace", "DojoGrading", "WiringModel", "ClassProtocol", "ChildProcess", "LineEditing", "TerminalMarkdown", "LessonSupport", "WiringAnalysis"]),
        // What an exercise's `wiring:` rules and the analysis's findings are, as data: the lesson
        // catalogue and a check's report hold them without linking swift-syntax.
        .target(name: "WiringModel"),
        // Reads the DI wiring of Swift source (graph, findings, exercise rules) for the checker and
        // the shell. Syntax only: it links nothing of the tutor.
        .target(name: "WiringAnalysis", dependencies: [
            "WiringModel",
            .product(name: "SwiftParser", package: "swift-syntax"),
            .product(name: "SwiftSyntax", package: "swift-syntax"),
        ], exclude: ["README.md"]),
        // Makes the mutants of an exercise's solution for `verify --mutate`: every small change
        // (general and Dependency Injection operators), from syntax and the lesson's vocabulary.
        .target(name: "MutationTesting", dependencies: [
            "WiringAnalysis",
            .product(name: "SwiftParser", package: "swift-syntax"),
            .product(name: "SwiftSyntax", package: "swift-syntax"),
        ]),
        // The shell links no lesson module: they would load Swinject, swift-dependencies and
        // FoundationNetworking (thirty-odd system libraries) at every start. `run` starts
        // didojo-demos instead, which links them all.
        .executableTarget(name: "didojo", dependencies: [
            "DojoShell",
            "DojoCore", "DojoCatalog", "DojoWorkspace", "DojoGrading",
            "ClassProtocol",
            "ExerciseChecking",
            "WiringAnalysis",
            "MutationTesting",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ], linkerSettings: staticSwiftLibraries + quickToStart),
        // Stands in for a macro plugin during checks and keeps its expansions (see its main.swift).
        // Optimised even in a debug build: the compiler waits on its every answer, and the
        // generic code it runs on each request (reading, comparing, hashing) is several times
        // slower unoptimised. Both targets are small, so the build hardly notices.
        .executableTarget(name: "didojo-macro-cache", dependencies: ["ContentHash"], swiftSettings: optimisedEvenInDebug),
        .target(name: "ContentHash", swiftSettings: optimisedEvenInDebug),
        // The program that runs a check's tests, started for every check, and the names it and
        // the checker share. Linked with the toolchain's shared XCTest and Foundation, never
        // statically: the checks it loads are linked with those too, and there must be one of each.
        .target(name: "TestHostProtocol"),
        // Swift 5 mode: it works with C's standard streams (`stdout`, `stderr`), globals that
        // Swift 6 cannot prove safe, from one thread before it starts XCTest.
        .executableTarget(name: "didojo-test-host", dependencies: ["TestHostProtocol", "CChildProcess"], swiftSettings: [.swiftLanguageMode(.v5)]),
        .executableTarget(name: "didojo-demos", dependencies: [
            "LessonSupport", "TerminalMarkdown",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ] + lessonModules.map { .target(name: $0) }),

        // MARK: The live classroom
        // What the learner's shell and the class server say to each other, and the rules both
        // keep. Foundation only: the shell links it.
        .target(name: "ClassProtocol"),
        // The server's logic: the class, its store (SQLite, or PostgreSQL for several instances),
        // its routes and the dashboard page.
        .target(name: "ClassServer", dependencies: [
            "ClassProtocol", "DojoCore", "DojoCatalog", "DojoWorkspace",
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "GRDB", package: "GRDB.swift"),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "PostgresNIO", package: "postgres-nio"),
            .product(name: "Crypto", package: "swift-crypto"),
            .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        ], exclude: ["API.md"], resources: [.copy("Dashboard")]),
        .executableTarget(name: "didojo-class", dependencies: [
            "ClassServer", "DojoCore", "DojoCatalog", "DojoWorkspace",
            .product(name: "PostgresNIO", package: "postgres-nio"),
            .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        // Links FoundationNetworking, which the shell must not (its start-up).
        .executableTarget(name: "didojo-class-client", dependencies: [
            "ClassProtocol", "DojoCore", "DojoWorkspace", .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),

        // MARK: Tests
        // Fakes and lesson fixtures shared by the engine's and the shell's tests.
        .target(name: "DojoTestSupport", dependencies: [
            "DojoCore", "DojoCatalog", "DojoWorkspace", "DojoGrading", "DojoShell", "ExerciseChecking", "ChildProcess", "CChildProcess",
            "LessonSupport", "LineEditing", "TerminalMarkdown", "WiringAnalysis", "ClassProtocol", .product(name: "Clocks", package: "swift-clocks"),
        ], path: "Tests/DojoTestSupport"),
        .testTarget(name: "LineEditingTests", dependencies: ["LineEditing", "CLibEdit", "CLibEditShim", "DojoTestSupport"]),
        .testTarget(name: "TerminalMarkdownTests", dependencies: ["TerminalMarkdown"]),
        .testTarget(name: "ChildProcessTests", dependencies: ["ChildProcess", "DojoTestSupport", .product(name: "Clocks", package: "swift-clocks")]),
        .testTarget(name: "DomainTests", dependencies: ["Domain", "DojoTestSupport"]),
        // Yams: the glossary's consistency test reads Lessons/glossary-pairings.yaml.
        .testTarget(name: "DojoCoreTests", dependencies: ["DojoCore", "DojoCatalog", "DojoWorkspace", "DojoGrading", "DojoTestSupport", "Yams", "MutationTesting", "ContentHash"]),
        // The real checker on its own: real compiles and runs, with the tests' own caches.
        .testTarget(name: "ExerciseCheckingTests", dependencies: ["ExerciseChecking", "DojoCore", "DojoCatalog", "DojoGrading", "ChildProcess", "TestHostProtocol", "DojoTestSupport", "WiringAnalysis", "WiringModel", "DojoShell", "TerminalMarkdown"]),
        // Runs on the lessons' starters and solutions (found next to the tests) and on real Graphviz.
        .testTarget(name: "WiringAnalysisTests", dependencies: ["WiringAnalysis", "WiringModel", "DojoTestSupport", "Yams"]),
        .testTarget(name: "MutationTestingTests", dependencies: ["MutationTesting", "WiringAnalysis"]),
        .testTarget(name: "DojoShellTests", dependencies: [
            "DojoShell", "DojoCore", "DojoCatalog", "DojoWorkspace", "DojoGrading", "ClassProtocol", "ChildProcess", "LessonSupport",
            "DojoTestSupport", "WiringAnalysis", "WiringModel",
        ]),
        // The lesson modules' own code and demos.
        .testTarget(name: "LessonModulesTests", dependencies: ["Domain", "LessonSupport", "DojoTestSupport"] + lessonModules.map { .target(name: $0) }),
        // Drives the real binary (pipes and a pseudo-terminal) and verifies every lesson.
        // No test target names `didojo` itself: `swift test` and `swift build --build-tests`
        // build every product anyway, and a dependency would link its module, and with it its
        // static Swift libraries (`staticSwiftLibraries`), into the test bundle beside XCTest's.
        .testTarget(name: "EndToEndTests", dependencies: ["didojo-demos", "didojo-macro-cache", "DojoCore", "DojoCatalog", "DojoWorkspace", "DojoGrading", "ExerciseChecking", "ChildProcess", "DojoTestSupport", "TerminalMarkdown", "LessonSupport", "MutationTesting", "Yams"]),
        // Everything a learner can throw at the shell: hostile exercise files checked by the real
        // checker, random and malformed input, broken workspaces, the real binary killed mid-save.
        .testTarget(name: "FaultInjectionTests", dependencies: [
            "DojoShell", "DojoCore", "DojoCatalog", "DojoWorkspace", "DojoGrading", "ExerciseChecking", "ChildProcess", "DojoTestSupport",
            .product(name: "PropertyBased", package: "swift-property-based"),
        ], exclude: ["Fixtures"]),
        // The class server with a real SQLite file, its routes through Hummingbird's test client,
        // and the whole room for real: the server, learners' shells and headless Chromium.
        .testTarget(name: "LiveClassroomTests", dependencies: [
            "ClassServer", "ClassProtocol", "DojoCore", "DojoCatalog", "DojoWorkspace", "DojoTestSupport", "ChildProcess",
            "didojo-class", "didojo-class-client",
            .product(name: "HummingbirdTesting", package: "hummingbird"),
            .product(name: "PostgresNIO", package: "postgres-nio"),
            .product(name: "Clocks", package: "swift-clocks"),
        ]),
    ],
    swiftLanguageModes: [.v6]
)
