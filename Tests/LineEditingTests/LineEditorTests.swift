import CLibEditShim
import Foundation
import Synchronization
import Testing
@testable import LineEditing

#if canImport(Glibc)
import Glibc
import DojoTestSupport
#endif

/// Drives a real `LineEditor` through a pseudo-terminal, one keystroke stream at a time.
///
/// Serialized: these tests share the process-wide SIGINT flag and are
/// timing-sensitive, so running them one at a time keeps them predictable.
@Suite("Line editor in a pseudo-terminal", .serialized)
struct LineEditorTests {
    static let commands = ["help", "hello", "history", "quit", "start", "status", "stop"]

    /// Runs `body` with an editor attached to a fresh pseudo-terminal, then tears both down.
    func withEditor(
        history: HistoryFile? = nil,
        _ body: (LineEditor, PseudoTerminal) throws -> Void
    ) throws {
        let terminal = try PseudoTerminal()
        defer { terminal.close() }
        do {
            let editor = LineEditor(
                programName: "didojo-test",
                inputFD: terminal.slave,
                outputFD: terminal.slave,
                history: history,
                candidates: { words, _ in words.isEmpty ? Self.commands : ["--format", "--force"] }
            )
            try body(editor, terminal)
        }
    }

    /// Starts a read, waits until the editor reads key by key, types `keys`, and returns the result.
    func read(_ editor: LineEditor, _ terminal: PseudoTerminal, typing keys: String) -> LineReadResult? {
        let pending = BackgroundRead(editor)
        defer { pending.finish() }
        // Typing before libedit switches the terminal to its editing mode would
        // let the terminal's cooked mode handle the keys instead.
        #expect(waitUntil { terminal.isEditing }, "the editor never started reading")
        terminal.type(keys)
        return pending.wait()
    }

    @Test("A typed line is returned without its newline")
    func typedLine() throws {
        try withEditor { editor, terminal in
            #expect(read(editor, terminal, typing: "hello world\r") == .line("hello world"))
            #expect(waitUntil { terminal.text.contains("> ") })
        }
    }

    @Test("Emacs keys edit the line: Ctrl-A moves to the start, Ctrl-K kills to the end")
    func emacsKeys() throws {
        try withEditor { editor, terminal in
            #expect(read(editor, terminal, typing: "world\u{01}hello \r") == .line("hello world"))
            #expect(read(editor, terminal, typing: "keep drop\u{02}\u{02}\u{02}\u{02}\u{0b}\r") == .line("keep "))
        }
    }

    @Test("Tab completes a unique command and adds a space")
    func tabCompletesUniqueWord() throws {
        try withEditor { editor, terminal in
            #expect(read(editor, terminal, typing: "qu\t\r") == .line("quit "))
        }
    }

    @Test("Tab on an ambiguous word lists the choices and inserts the common prefix")
    func tabListsChoices() throws {
        try withEditor { editor, terminal in
            let pending = BackgroundRead(editor)
            defer { pending.finish() }
            #expect(waitUntil { terminal.isEditing })
            terminal.type("s\t")
            #expect(waitUntil { terminal.text.contains("stop") }, "the choices were not listed")
            let listing = terminal.text
            #expect(listing.contains("start") && listing.contains("status"))
            #expect(!listing.contains("quit"))
            terminal.type("\r")
            #expect(pending.wait() == .line("st"))
        }
    }

    @Test("Up arrow recalls the previous line")
    func upArrowRecallsHistory() throws {
        try withEditor { editor, terminal in
            #expect(read(editor, terminal, typing: "first\r") == .line("first"))
            #expect(read(editor, terminal, typing: "second\r") == .line("second"))
            #expect(read(editor, terminal, typing: "\u{1b}[A\u{1b}[A\r") == .line("first"))
            #expect(editor.historyEntries == ["first", "second", "first"])
        }
    }

    @Test("Blank lines and repeats of the previous line are not added to history")
    func historySkipsBlankAndRepeats() throws {
        try withEditor { editor, terminal in
            #expect(read(editor, terminal, typing: "same\r") == .line("same"))
            #expect(read(editor, terminal, typing: "same\r") == .line("same"))
            #expect(read(editor, terminal, typing: "   \r") == .line("   "))
            #expect(editor.historyEntries == ["same"])
        }
    }

    @Test("History is loaded from and saved to the history file")
    func historyFileRoundTrip() throws {
        let url = TestRunFolder.url
            .appendingPathComponent("didojo-editor-\(UUID().uuidString)/history")
        let file = HistoryFile(url: url, maxEntries: 10)
        try file.save(["from last session"])
        try withEditor(history: file) { editor, terminal in
            #expect(read(editor, terminal, typing: "\u{1b}[A\r") == .line("from last session"))
            #expect(read(editor, terminal, typing: "new\r") == .line("new"))
            try editor.saveHistory()
        }
        #expect(file.load() == ["from last session", "new"])
    }

    @Test("Ctrl-D on an empty line is end of input")
    func ctrlDOnEmptyLine() throws {
        try withEditor { editor, terminal in
            #expect(read(editor, terminal, typing: "\u{04}") == .endOfInput)
        }
    }

    @Test("Ctrl-D on a non-empty line does not end input")
    func ctrlDOnTextDeletes() throws {
        try withEditor { editor, terminal in
            // Ctrl-D deletes the character under the cursor when there is text.
            #expect(read(editor, terminal, typing: "abc\u{02}\u{04}\r") == .line("ab"))
        }
    }

    @Test("Ctrl-C typed at the prompt interrupts, and the next line starts empty")
    func ctrlCKeyInterrupts() throws {
        try withEditor { editor, terminal in
            #expect(read(editor, terminal, typing: "half typed\u{03}") == .interrupted)
            // The echo reaches the test through the drain thread, which may not have run yet.
            #expect(waitUntil { terminal.text.contains("half typed^C") })
            #expect(read(editor, terminal, typing: "clean\r") == .line("clean"))
            #expect(editor.historyEntries == ["clean"])
        }
    }

    @Test("While editing, ISIG is off so Ctrl-C arrives as a key; afterwards it is back on")
    func isigOnlyOffWhileEditing() throws {
        try withEditor { editor, terminal in
            #expect(terminal.localFlags & tcflag_t(ISIG) != 0)
            let pending = BackgroundRead(editor)
            defer { pending.finish() }
            #expect(waitUntil { terminal.isEditing })
            #expect(terminal.localFlags & tcflag_t(ISIG) == 0)
            terminal.type("x\r")
            #expect(pending.wait() == .line("x"))
            #expect(terminal.localFlags & tcflag_t(ISIG) != 0)
            #expect(terminal.localFlags & tcflag_t(ICANON) != 0)
        }
    }

    @Test("A SIGINT while reading interrupts without killing the process, and the next line starts empty")
    func sigintInterrupts() throws {
        try withEditor { editor, terminal in
            let pending = BackgroundRead(editor)
            defer { pending.finish() }
            #expect(waitUntil { terminal.isEditing })
            terminal.type("partial")
            #expect(waitUntil { terminal.text.contains("partial") })
            // The signal may land just before read() starts, when it cannot
            // interrupt anything, so it is repeated until the read returns.
            let returned = waitUntil {
                if pending.result != nil { return true }
                pending.signal(SIGINT)
                usleep(20_000)
                return pending.result != nil
            }
            #expect(returned, "readLine did not return after SIGINT")
            #expect(pending.result == .interrupted)
            _ = didojo_interrupt_take()
            #expect(read(editor, terminal, typing: "after\r") == .line("after"))
        }
    }

    // Here rather than in its own suite: the flag is process-wide, and this suite runs serialized.
    @Test("SIGINT sets the flag instead of killing the process, and taking it clears it")
    func flagIsSetAndCleared() {
        didojo_interrupt_install()
        let taken = Mutex<[Int32]>([])
        let done = DispatchSemaphore(value: 0)
        // A plain thread with SIGINT unblocked: the test runner's own threads
        // block it, so a signal raised there would only stay pending.
        Thread {
            unblockSignal(SIGINT)
            // raise() delivers to this thread before it returns.
            raise(SIGINT)
            let first = didojo_interrupt_take()
            let second = didojo_interrupt_take()
            taken.withLock { $0 = [first, second] }
            done.signal()
        }.start()
        #expect(done.wait(timeout: .now() + 15) == .success)
        #expect(taken.withLock { $0 } == [1, 0])
    }

    @Test("Non-ASCII text is read intact")
    func unicodeInput() throws {
        try withEditor { editor, terminal in
            #expect(read(editor, terminal, typing: "café ü\r") == .line("café ü"))
        }
    }

    @Test("Escape sequences in the prompt are marked as taking no width")
    func promptEscapes() {
        let marked = LineEditor.markingInvisibleSequences(in: "\u{1b}[32mdojo>\u{1b}[0m ")
        #expect(marked == "\u{1}\u{1b}[32m\u{1}dojo>\u{1}\u{1b}[0m\u{1} ")
        #expect(LineEditor.markingInvisibleSequences(in: "plain> ") == "plain> ")
    }
}

@Suite("Terminal info")
struct TerminalInfoTests {
    @Test("A pseudo-terminal reports its width and a pipe reports none")
    func columnsAndIsTerminal() throws {
        let terminal = try PseudoTerminal(columns: 77)
        defer { terminal.close() }
        #expect(TerminalInfo.isTerminal(fd: terminal.slave))
        #expect(TerminalInfo.columns(fd: terminal.slave) == 77)

        let pipe = Pipe()
        #expect(!TerminalInfo.isTerminal(fd: pipe.fileHandleForReading.fileDescriptor))
        #expect(TerminalInfo.columns(fd: pipe.fileHandleForReading.fileDescriptor) == nil)
    }
}
