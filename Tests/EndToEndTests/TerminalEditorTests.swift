import DojoTestSupport
import Foundation
import Glibc
import Testing

/// `edit` with real terminal editors, as a learner uses it: the real `didojo` on a
/// pseudo-terminal, the real vim and nano (installed by Scripts/install-system-libraries.sh),
/// a private HOME with no vimrc and `TERM=xterm-256color`. Every wait is for something on the
/// screen, with room for a loaded machine; nothing is timed.
@Suite(.serialized) struct TerminalEditorTests {
    static let prompt = "didojo no-di exercises> "
    static let editorWait: Duration = .seconds(120)
    static let checkWait: Duration = .seconds(300)

    func start(_ didojo: Didojo, editor: String?, path: String? = nil) throws -> PseudoTerminalSession {
        var environment = didojo.environment
        environment["TERM"] = "xterm-256color"
        if let editor { environment["EDITOR"] = editor }
        if let path { environment["PATH"] = path }
        return try PseudoTerminalSession(executable: Didojo.executable, environment: environment)
    }

    /// Vim has drawn the file and its ruler ("1,1  All"): it is taking keys, its start-up
    /// (syntax files, which a Ctrl-C would interrupt) done.
    func waitForVim(in session: PseudoTerminalSession, after offset: Int) async throws -> Int {
        let named = try await session.waitFor("SocialPresenter.swift\"", after: offset, timeout: Self.editorWait)
        return try await session.waitFor("1,1", after: named, timeout: Self.editorWait)
    }

    func file(_ didojo: Didojo) -> URL {
        didojo.workspace.appendingPathComponent("no-di/2/SocialPresenter.swift")
    }

    /// Opens no-di.2 in the editor and returns where the editor's screen starts, having seen
    /// the shell say which editor it opens (a long message wraps: lines go on after "\n  ").
    func openExercise(in session: PseudoTerminalSession, editor: String) async throws -> Int {
        let seen = try await session.waitFor("didojo> ")
        session.type("edit no-di.2\r")
        let opened = try await session.waitFor("…\n", after: seen)
        let said = session.screen.replacingOccurrences(of: "\n  ", with: " ")
        #expect(said.contains("Opening SocialPresenter.swift with \(editor)…\n"))
        return opened
    }

    /// Back at the shell: the editor is gone, the prompt answers a command, the line typed at
    /// it holds nothing but what was typed (no terminal replies), and `check` runs to its end
    /// on the edited file (not cancelled by a key meant for the editor).
    func expectAWorkingPrompt(in session: PseudoTerminalSession, after offset: Int) async throws {
        var seen = try await session.waitFor("Back from the editor.", after: offset, timeout: Self.editorWait)
        seen = try await session.waitFor(Self.prompt, after: seen)
        session.type("progress\r")
        seen = try await session.waitFor("exercises passed", after: seen)
        #expect(session.screen.contains(Self.prompt + "progress\n"), "the prompt line must hold only what was typed")
        seen = try await session.waitFor(Self.prompt, after: seen)
        session.type("check\r")
        seen = try await session.waitFor("Fix your file ('edit'), then 'check' again.", after: seen, timeout: Self.checkWait)
        #expect(!session.screen.contains("cancelled"))
        seen = try await session.waitFor(Self.prompt, after: seen)
        session.type("quit\r")
        #expect(try await session.waitForExit() == 0)
    }

    @Test func vimEditsTheFileAndTheShellCarriesOn() async throws {
        let didojo = try Didojo()
        let session = try start(didojo, editor: "vim")
        var seen = try await openExercise(in: session, editor: "vim")
        seen = try await waitForVim(in: session, after: seen)
        session.type("Go// edited in vim\u{1B}:wq\r")
        try await expectAWorkingPrompt(in: session, after: seen)
        #expect(try String(contentsOf: file(didojo), encoding: .utf8).hasSuffix("}\n// edited in vim\n"))
    }

    @Test func ctrlCAndCtrlZInVimAreVimsAndTheShellCarriesOn() async throws {
        let didojo = try Didojo()
        let session = try start(didojo, editor: "vim")
        var seen = try await openExercise(in: session, editor: "vim")
        seen = try await waitForVim(in: session, after: seen)
        // Ctrl-C reaches vim as a key: it says how to quit.
        session.type("\u{03}")
        seen = try await session.waitFor("to exit Vim", after: seen, timeout: Self.editorWait)
        // Ctrl-Z suspends vim. This didojo has no job-control shell above it (its process
        // group is orphaned), so the kernel drops its own suspension, and it continues vim,
        // which draws the file again.
        session.type("\u{1A}")
        seen = try await session.waitFor("final class SocialPresenter", after: seen, timeout: Self.editorWait)
        session.type("Go// edited after Ctrl-C and Ctrl-Z\u{1B}:wq\r")
        try await expectAWorkingPrompt(in: session, after: seen)
        #expect(try String(contentsOf: file(didojo), encoding: .utf8).hasSuffix("}\n// edited after Ctrl-C and Ctrl-Z\n"))
    }

    @Test func nanoEditsTheFileAndTheShellCarriesOn() async throws {
        let didojo = try Didojo()
        let session = try start(didojo, editor: "nano")
        var seen = try await openExercise(in: session, editor: "nano")
        // Nano's key help at the bottom is drawn once the file is open.
        seen = try await session.waitFor("Exit", after: seen, timeout: Self.editorWait)
        session.type("// edited in nano\r")
        session.type("\u{0F}")
        seen = try await session.waitFor("File Name to Write", after: seen, timeout: Self.editorWait)
        session.type("\r")
        seen = try await session.waitFor("Wrote", after: seen, timeout: Self.editorWait)
        session.type("\u{18}")
        try await expectAWorkingPrompt(in: session, after: seen)
        #expect(try String(contentsOf: file(didojo), encoding: .utf8).hasPrefix("// edited in nano\nimport Domain\n"))
    }

    @Test func anEditorWithAWindowOfItsOwnGetsItsArgumentsAndTheShellCarriesOn() async throws {
        let didojo = try Didojo()
        let code = didojo.home.url.appendingPathComponent("code")
        // Like `code --wait`: it never touches the terminal, and returns when "closed".
        try ExecutableFile.writeScript(#"[ "$1" = --wait ] && echo "// edited in a window" >> "$2""#, to: code)
        let session = try start(didojo, editor: "\(code.path) --wait")
        let seen = try await openExercise(in: session, editor: "\(code.path) --wait")
        try await expectAWorkingPrompt(in: session, after: seen)
        #expect(try String(contentsOf: file(didojo), encoding: .utf8).hasSuffix("}\n// edited in a window\n"))
    }

    @Test func withoutEditorTheFirstFallbackOnThePathIsOpenedAndNamed() async throws {
        let didojo = try Didojo()
        let folder = didojo.home.url.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try ExecutableFile.writeScript(#"echo "// edited by the fallback" >> "$1""#, to: folder.appendingPathComponent("sensible-editor"))
        let path = folder.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let session = try start(didojo, editor: nil, path: path)
        let seen = try await openExercise(in: session, editor: "sensible-editor (no $EDITOR set; to use another: quit, export EDITOR=vim, start again)")
        try await expectAWorkingPrompt(in: session, after: seen)
        #expect(try String(contentsOf: file(didojo), encoding: .utf8).hasSuffix("}\n// edited by the fallback\n"))
    }

    @Test func terminalRepliesLeftUnreadByTheEditorNeverReachThePrompt() async throws {
        let didojo = try Didojo()
        let folder = didojo.home.url
        let go = folder.appendingPathComponent("go")
        // An editor that asked the terminal something and ends before reading the answer
        // (vim killed while it waits): it ends only once the test has typed that answer.
        let editor = folder.appendingPathComponent("asking-editor")
        try ExecutableFile.writeScript("""
            echo "editor is waiting"
            while [ ! -e "\(go.path)" ]; do sleep 0.05; done
            echo "// edited" >> "$1"
            """, to: editor)
        let session = try start(didojo, editor: editor.path)
        var seen = try await openExercise(in: session, editor: editor.path)
        seen = try await session.waitFor("editor is waiting", after: seen, timeout: Self.editorWait)
        // The terminal's late answer to a cursor-position question.
        session.type("\u{1B}[2;1R")
        // Typed in the terminal's line mode, it is echoed: wait for it to be in the input queue.
        seen = try await session.waitFor("[2;1R", after: seen)
        #expect(FileManager.default.createFile(atPath: go.path, contents: Data()))
        try await expectAWorkingPrompt(in: session, after: seen)
    }
}
