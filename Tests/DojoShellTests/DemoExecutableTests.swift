import ChildProcess
import DojoShell
import DojoTestSupport
import Foundation
import Glibc
import LessonSupport
import Testing

/// The live demo launcher, on a shell script standing in for `didojo-demos`: the arguments it
/// is given, how its ending comes back, `describe` asked once, and a missing one explained.
@MainActor
@Suite struct DemoExecutableTests {
    /// A folder holding an executable `didojo-demos` script with `body`.
    func demos(_ body: String) throws -> (folder: TemporaryFolder, executable: DemoExecutable) {
        let folder = try TemporaryFolder("demos")
        let script = folder.url.appendingPathComponent(DemoExecutable.name)
        try ExecutableFile.writeScript(body, to: script)
        return (folder, DemoExecutable(url: script, launcher: ChildProcessLauncher(clock: ContinuousClock()), environment: ProcessInfo.processInfo.environment))
    }

    @Test func itIsLookedForBesideTheRunningExecutable() {
        let demos = DemoExecutable.beside(
            executable: URL(fileURLWithPath: "/opt/didojo/.build/debug/didojo"), launcher: ChildProcessLauncher(clock: ContinuousClock()), environment: [:]
        )
        #expect(demos.url.path == "/opt/didojo/.build/debug/didojo-demos")
    }

    @Test func runGivesTheLessonWorkspaceAndWordsAndReturnsHowItEnded() throws {
        let (folder, demos) = try demos(#"printf '%s|' "$@" > "$(dirname "$0")/arguments"; exit 3"#)
        defer { folder.remove() }
        let ending = try demos.run(lessonID: "no-di", arguments: ["--text", "two words"], workspace: URL(fileURLWithPath: "/home/me/ws"))
        #expect(ending == .exited(3))
        let arguments = try String(contentsOf: folder.url.appendingPathComponent("arguments"), encoding: .utf8)
        #expect(arguments == "run|--workspace|/home/me/ws|no-di|--text|two words|")
    }

    @Test func aDemoKilledByASignalIsAnEndingNotAnError() throws {
        let (folder, demos) = try demos("kill -INT $$; sleep 5")
        defer { folder.remove() }
        #expect(try demos.run(lessonID: "no-di", arguments: [], workspace: folder.url) == .signaled(SIGINT))
    }

    @Test func describeIsAskedOnceAndItsAnswerKept() throws {
        let (folder, demos) = try demos(#"""
        echo asked >> "$(dirname "$0")/requests"
        [ "$1" = describe ] || exit 9
        echo '[{"lessonID":"no-di","flags":["--text"],"usage":"--text <text>  what to post"}]'
        """#)
        defer { folder.remove() }
        let expected = [DemoDescription(lessonID: "no-di", flags: ["--text"], usage: "--text <text>  what to post")]
        #expect(try demos.descriptions() == expected)
        #expect(try demos.descriptions() == expected)
        let requests = try String(contentsOf: folder.url.appendingPathComponent("requests"), encoding: .utf8)
        #expect(requests == "asked\n")
    }

    @Test func anAnswerThatIsNotADescriptionIsAnError() throws {
        let (folder, demos) = try demos("echo 'Usage: something else'")
        defer { folder.remove() }
        #expect(throws: DemoLaunchError.notUsable(path: demos.url.path, reason: "its answer to 'describe' could not be read")) {
            try demos.descriptions()
        }
    }

    @Test func aMissingExecutableIsNamedWithTheWayToBuildIt() throws {
        let folder = try TemporaryFolder("demos")
        defer { folder.remove() }
        let demos = DemoExecutable(
            url: folder.url.appendingPathComponent(DemoExecutable.name), launcher: ChildProcessLauncher(clock: ContinuousClock()), environment: ProcessInfo.processInfo.environment
        )
        let missing = DemoLaunchError.executableMissing(path: demos.url.path)
        #expect(throws: missing) { try demos.run(lessonID: "no-di", arguments: [], workspace: folder.url) }
        #expect(throws: missing) { try demos.descriptions() }
        #expect(missing.localizedDescription.contains("\(demos.url.path) is missing. Build them with 'swift build'"))
    }
}
