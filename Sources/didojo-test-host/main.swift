// The program that runs a check's tests (the checker starts it as `Exercise.xctest`).
//
// Started early, while the learner's code still compiles: it loads XCTest, Foundation and the
// lesson library, most of a run's start-up, and waits for the checker. Once the code is ready
// it loads the checks, linked with that code as `libExerciseChecks.so`, asks their entry point
// for the list of checks, and runs them, reporting every event to the results file.
//
// A product of the package, built with the shell: it is the same for every exercise and every
// check. The reporter and the runner live here, out of the learner's reach: in the checks'
// module, the learner's tests could declare a `JSONSerialization` or an `fputs` of their own,
// which the reporter's calls would then have meant; nothing imports this program's module.
//
// The events go to a file of their own, written and flushed one by one, so that the learner's
// own printing cannot garble them and a crash in the middle of a check still leaves a record
// of which check was running.
//
// The learner's code runs in this process, so the channel is guarded against forgery: every
// event carries its own secret (see `ResultTokens` in the checker), made anew for each run and
// known only to the checker and this program; a run counts as complete only with the final
// `done` event, which XCTest's end-of-run callback writes. Lines without the right secret are
// ignored, so printing a fake summary, writing fake events or exiting early can only ever fail
// a check. Once the end is written the program says so on its standard error, with that end's
// secret, and ends itself at once: the checker reads the results without waiting for the exit,
// and none of the learner's code runs after the end (see `TestHostEndLine` in the checker).
//
// The secrets and the results path arrive in environment variables: the program takes them as
// it starts, long before any of the learner's code is even loaded, unsets the variables and
// overwrites their bytes, so neither `getenv`, `ProcessInfo` nor `/proc/self/environ` shows them.
import CChildProcess
import Foundation
import TestHostProtocol
import XCTest
#if canImport(Glibc)
import Glibc
#endif

// Line-buffered, so what the learner printed survives if the program is killed.
setvbuf(stdout, nil, _IOLBF, 0)

/// The value of a variable the checker set for this run, erased from the process.
func takeVariable(_ name: String) -> String? {
    guard let value = getenv(name) else { return nil }
    let text = String(cString: value)
    memset(value, 0, strlen(value))
    unsetenv(name)
    return text
}

/// Ends the program with a message for the checker, which shows it as the run's output.
func fail(_ message: String) -> Never {
    fputs("didojo: \(message)\n", stderr)
    exit(70)
}

// The lesson library, loaded now rather than with the checks: with its dependencies it is a
// good part of the program's start, which happens while the learner's code compiles.
if let lessonLibrary = takeVariable(TestHostProtocol.lessonLibraryVariable),
   dlopen(lessonLibrary, RTLD_NOW | RTLD_GLOBAL) == nil {
    fail("the lesson library could not be loaded: \(dlerror().map { String(cString: $0) } ?? lessonLibrary)")
}

// A fork server (a test-writing check's planted bugs): with XCTest, Foundation and the lesson
// library loaded, each run is a fork of this process rather than a program that loads them
// all again. Only runs come back from the call, each in its own session, folder and Landlock
// layer, with its own variables; the server ends there once the checker is done with it. Still
// single-threaded here, as a fork needs.
if takeVariable(TestHostProtocol.forkServerVariable) != nil, cchildprocess_serve_forked_runs(STDIN_FILENO) != 0 {
    fail("could not serve the checks' runs: \(String(cString: strerror(errno)))")
}

let underChecker = getenv(TestHostProtocol.resultsVariable) != nil
let resultsPath = takeVariable(TestHostProtocol.resultsVariable)
let tokens = takeVariable(TestHostProtocol.tokensVariable) ?? ""
let only = takeVariable(TestHostProtocol.onlyVariable) ?? ""
let plantedBug = takeVariable(TestHostProtocol.plantedBugVariable).flatMap { Int($0) } ?? 0

// The checker lets this program go on by closing its standard input, once the code under
// test is compiled and linked. Until then it has only loaded its libraries.
var byte: UInt8 = 0
while read(STDIN_FILENO, &byte, 1) > 0 {}

// One helper thread, for two jobs:
// - XCTest on Linux runs each test's async setUp and tearDown in a Task and waits for it by
//   running the main run loop for up to 0.1 s at a time. When the Task ends just before that
//   wait begins, the wake-up is lost and the test idles out the 0.1 s (swift-corelibs-xctest,
//   XCTWaiter.primitiveWait): about one check in two lost 0.1 s or more that way. An empty
//   block on the main queue every millisecond ends any such wait at once.
// - If the checker goes away (killed, crashed), nobody reads this program's output and nobody
//   would ever stop it. A pipe whose reader is gone polls as an error, so the thread then stops
//   this program and everything it started (it leads a process group of its own). Only under
//   the checker: run by hand, the output may well be a pipe into `head`. Output that is
//   closed, or not watched, is no longer polled.
Thread.detachNewThread {
    var output = pollfd(fd: STDOUT_FILENO, events: 0, revents: 0)
    while true {
        if poll(&output, 1, 1) > 0 {
            if underChecker, output.revents & Int16(POLLERR) != 0 {
                kill(0, SIGKILL)
            }
            output.fd = -1
        }
        DispatchQueue.main.async {}
    }
}

// The checks, linked with the code under test for this check, in the working folder (taken
// now: the learner's code, not loaded yet, may change it once it runs). No argument names it:
// XCTest would read one as the name of the tests to run.
let folder = FileManager.default.currentDirectoryPath
guard let checksLibrary = dlopen(folder + "/" + TestHostProtocol.checksLibraryFile, RTLD_NOW | RTLD_GLOBAL),
      let entry = dlsym(checksLibrary, TestHostProtocol.entrySymbol) else {
    fail("the checks could not be loaded: \(dlerror().map { String(cString: $0) } ?? "no reason given")")
}
// Which planted bug the code under test behaves as, when it holds several (see `MutantSchema`
// in the checker): chosen now, before any test runs. The code's first call alone counts, so
// choosing 0 for the correct code too leaves a test nothing to change; every build of a
// test-writing exercise's code has the function, so its presence tells a test nothing either.
typealias PlantedBugChooser = @convention(c) (Int) -> Void
if let chooser = dlsym(checksLibrary, TestHostProtocol.plantedBugChooserSymbol) {
    unsafeBitCast(chooser, to: PlantedBugChooser.self)(plantedBug)
} else if plantedBug != 0 {
    fail("planted bug \(plantedBug) was asked for, but the code under test cannot choose one")
}
// The list is asked for before any of the learner's code runs (loading it ran none: the audit
// refuses what would run at load), and a plain Swift value crosses: the checks' classes and
// methods, and the class of each name.
typealias ChecksEntry = @convention(c) () -> UnsafeMutableRawPointer
let list = Unmanaged<AnyObject>.fromOpaque(unsafeBitCast(entry, to: ChecksEntry.self)()).takeRetainedValue()
guard let (all, classes) = list as? ([(String, XCTestCaseEntry)], [String: ObjectIdentifier]) else {
    fail("the checks' list is not what this program expects")
}
// The checks of the classes in `only` (all when it is empty), in the order XCTest runs them.
let wanted = Set(only.split(separator: " ").map(String.init))
let running = all.filter { wanted.isEmpty || wanted.contains($0.0) }
func names(_ entries: [(String, XCTestCaseEntry)]) -> [String] {
    entries.flatMap { entry in entry.1.allTests.map { "\(entry.0).\($0.0)" } }
}
XCTestObservationCenter.shared.addTestObserver(ResultReporter(
    path: resultsPath, tokens: tokens, checks: names(all), order: names(running), classes: classes
))
// No observers of XCTest's own: its printer dates every line it writes, and the first date
// formatted loads ICU's calendars, a good part of a quick run. What happened is read from the
// reporter's file, and the learner's output from the program's, where those lines were only
// ever filtered out (`LearnerOutput` in the checker).
XCTMain(running.map { $0.1 }, arguments: CommandLine.arguments, observers: [])
