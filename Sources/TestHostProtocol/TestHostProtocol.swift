/// What the checker and the program that runs a check's tests (`didojo-test-host`) say to
/// each other: the names of the variables that carry the run's settings, the files and the
/// symbol the program looks for, and the events it reports.
///
/// A module of its own, with nothing but names, so that both sides spell them one way and the
/// program links nothing it does not need.
public enum TestHostProtocol {
    /// What the program's file is called when it runs. Named like a test bundle, so that
    /// libraries that ask "am I under test?" (swift-dependencies picks its test context, issue
    /// reports become test failures) answer as they would under `swift test`.
    public static let programName = "Exercise.xctest"

    /// The file the program writes its events to, one JSON line each.
    public static let resultsVariable = "DIDOJO_RESULTS"
    /// The run's secrets, separated by spaces (see `ResultTokens` in the checker).
    public static let tokensVariable = "DIDOJO_RESULTS_TOKENS"
    /// The test classes to run, separated by spaces; all of them when empty or unset. A
    /// test-writing exercise's tests are compiled once with the lesson's checks, and run alone
    /// against each planted bug.
    public static let onlyVariable = "DIDOJO_ONLY"
    /// The lesson library the checks were compiled against, which the program loads as it
    /// starts, long before the checks that use it.
    public static let lessonLibraryVariable = "DIDOJO_LESSON_LIBRARY"
    /// Which planted bug the code under test behaves as, by number (0 or unset: none), when it
    /// was compiled with several (a mutant schema, see `MutantSchema`). The program chooses it
    /// through `plantedBugChooserSymbol` once it has loaded the checks, before any test runs.
    public static let plantedBugVariable = "DIDOJO_PLANTED_BUG"
    /// The C name of the function in the code under test that takes that number: `(Int) -> Void`.
    /// Every build of a test-writing exercise's code has it; the first call alone counts.
    public static let plantedBugChooserSymbol = "didojo_choose_planted_bug"

    /// Set (to anything) for a fork server: once it has loaded the lesson library, the program
    /// serves runs on its standard input, each a fork of it that goes on as a run of its own
    /// (see `cchildprocess_fork_server.c`), with the variables above set for that run alone.
    public static let forkServerVariable = "DIDOJO_FORK_SERVER"

    /// The checks, linked with the code under test, in the program's working folder.
    public static let checksLibraryFile = "libExerciseChecks.so"
    /// The C name of the checks' entry point, which the program looks up once it has loaded
    /// them: it returns the list of checks.
    public static let entrySymbol = "didojo_checks"

    /// The kinds of a check's events, in the order of their secrets.
    public static let eventKinds = ["start", "failure", "finish", "finish-failed"]
    /// The kinds of the run's end, in the order of their secrets. The last one: the reporter
    /// refused calls that XCTest did not make, so the results were interfered with.
    public static let endKinds = ["done", "done-failed", "done-interfered"]

    /// How the program's last line on standard error begins: this, then the secret of the
    /// end it has just written to the results file. The program ends itself right after it;
    /// the checker takes the line as the run's end and goes on without waiting for the exit.
    public static let endLinePrefix = "didojo-test-host: done "
}
