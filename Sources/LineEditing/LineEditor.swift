import CLibEdit
import CLibEditShim

import Glibc

/// An interactive line editor for a terminal, built on libedit.
///
/// It offers Emacs key bindings, Up/Down history, Tab completion with a
/// listing of the choices, Ctrl-L to clear the screen, and Ctrl-C to abandon
/// the current line.
///
/// How Ctrl-C works: while a line is being edited, the terminal's ISIG flag
/// is switched off (libedit's "edit" tty mode), so Ctrl-C reaches libedit as
/// an ordinary byte. It is bound to a command that ends `el_gets` and marks
/// the line as interrupted. This does not depend on which thread receives
/// signals, and the process never sees a SIGINT for it. As a second line of
/// defence, the editor installs a SIGINT handler without SA_RESTART
/// (`didojo_interrupt_install`): a SIGINT that still arrives while reading
/// (for example from `kill -INT`) makes `read()` fail with EINTR, `el_gets`
/// then returns NULL with a count of -1, and `readLine` reports that as
/// `.interrupted` too. libedit's own signal handling (EL_SIGNAL) stays off,
/// because its handler re-sends the signal to the whole process group.
package final class LineEditor: LineReading {
    private let editor: OpaquePointer
    private let historyList: OpaquePointer
    private let inputStream: UnsafeMutablePointer<FILE>
    private let outputStream: UnsafeMutablePointer<FILE>
    private let state: EditorState
    private let historyFile: HistoryFile?
    private let historyLimit: Int
    /// The history, oldest first, as it will be saved.
    package private(set) var historyEntries: [String]

    /// Creates an editor reading keys from `inputFD` and drawing on `outputFD`.
    ///
    /// The descriptors are duplicated, so the caller keeps ownership of them.
    /// Entries from `history` are loaded at once; `candidates` supplies words for
    /// Tab completion (see `CompletionEngine.Candidates`).
    ///
    /// Side effects on the process: a SIGINT handler is installed so Ctrl-C can
    /// never kill the process, and if the character-type locale is still the
    /// default "C" locale it is switched to the environment's or to C.UTF-8,
    /// because libedit only decodes UTF-8 input under a UTF-8 locale.
    package init(
        programName: String,
        inputFD: Int32 = 0,
        outputFD: Int32 = 1,
        history: HistoryFile?,
        candidates: @escaping (_ wordsBeforeCursor: [String], _ partialWord: String) -> [String]
    ) {
        Self.useUTF8Locale()
        InterruptSignal.install()

        guard let input = fdopen(dup(inputFD), "r"), let output = fdopen(dup(outputFD), "w") else {
            fatalError("LineEditor: cannot open streams for descriptors \(inputFD) and \(outputFD)")
        }
        // libedit gets the duplicated descriptors, never the caller's: it sets
        // terminal modes on them until `el_end`, and the caller may close its
        // own descriptor first, after which that number can name another terminal.
        guard let editor = el_init_fd(programName, input, output, output, fileno(input), fileno(output), fileno(output)) else {
            fatalError("LineEditor: el_init failed")
        }
        guard let historyList = history_init() else {
            fatalError("LineEditor: history_init failed")
        }

        self.editor = editor
        self.historyList = historyList
        self.inputStream = input
        self.outputStream = output
        self.historyFile = history
        self.historyLimit = history?.maxEntries ?? 1000
        self.historyEntries = []
        self.state = EditorState(
            completion: CompletionEngine(candidates: candidates),
            output: output,
            outputFD: fileno(output)
        )

        configure()
        loadHistory()
    }

    deinit {
        el_end(editor)
        history_end(historyList)
        fclose(inputStream)
        fclose(outputStream)
    }

    /// Reads one line with full editing; see `LineReadResult` for the outcomes.
    ///
    /// Non-blank lines are added to the history unless they repeat the previous entry.
    package func readLine(prompt: String) -> LineReadResult {
        state.setPrompt(Self.markingInvisibleSequences(in: prompt))
        state.interruptRequested = false

        var count: Int32 = 0
        errno = 0
        let text = el_gets(editor, &count)
        let readError = errno

        if state.interruptRequested {
            finishInterruptedLine()
            return .interrupted
        }
        guard let text else {
            if count == -1 && readError == EINTR {
                // The SIGINT handler ran; consume its flag so nobody handles this Ctrl-C twice.
                _ = didojo_interrupt_take()
                finishInterruptedLine()
                return .interrupted
            }
            // Ctrl-D on an empty line, end of file or a read error: leave the
            // cursor on a fresh line for whatever the shell prints next.
            state.write("\n")
            return .endOfInput
        }

        var line = String(cString: text)
        while line.hasSuffix("\n") || line.hasSuffix("\r") {
            line.removeLast()
        }
        addToHistory(line)
        return .line(line)
    }

    /// Writes the history to its `HistoryFile`; does nothing when the editor has none.
    package func saveHistory() throws {
        try historyFile?.save(historyEntries)
    }

    // MARK: - Setup

    private func configure() {
        didojo_el_set_editor(editor, "emacs")
        didojo_el_set_signal(editor, 0)
        // Ctrl-C must arrive as a byte (see the type's documentation), so ISIG
        // is cleared in the editing mode only; commands still run with it on.
        didojo_el_set_tty(editor, "-d", "-isig")

        didojo_history_set_size(historyList, Int32(clamping: historyLimit))
        didojo_history_set_unique(historyList, 1)
        didojo_el_set_history(editor, historyList)

        didojo_el_set_clientdata(editor, Unmanaged.passUnretained(state).toOpaque())
        didojo_el_set_prompt(editor, { editor in
            guard let state = LineEditor.state(of: editor) else { return nil }
            return state.prompt
        }, Self.invisibleDelimiter)

        didojo_el_add_function(editor, "didojo-complete", "Complete the word before the cursor", { editor, _ in
            guard let editor, let state = LineEditor.state(of: editor) else { return UInt8(CC_ERROR) }
            return LineEditor.complete(editor: editor, state: state)
        })
        didojo_el_bind(editor, "^I", "didojo-complete")

        didojo_el_add_function(editor, "didojo-interrupt", "Abandon the current line", { editor, _ in
            guard let editor, let state = LineEditor.state(of: editor) else { return UInt8(CC_EOF) }
            state.interruptRequested = true
            // CC_EOF ends el_gets at once; interruptRequested tells it apart from Ctrl-D.
            return UInt8(CC_EOF)
        })
        didojo_el_bind(editor, "^C", "didojo-interrupt")

        // libedit's Emacs keys have it already; bound here so that the shell's `clear` and
        // Ctrl-L stay one promise whatever the key map: the screen cleared, the prompt and
        // the line typed so far drawn again at the top.
        didojo_el_bind(editor, "^L", "ed-clear-screen")
    }

    private func loadHistory() {
        guard let historyFile else { return }
        for entry in historyFile.load() {
            addToHistory(entry)
        }
    }

    private func addToHistory(_ line: String) {
        guard !line.allSatisfy(\.isWhitespace), historyEntries.last != line else {
            return
        }
        historyEntries.append(line)
        if historyEntries.count > historyLimit {
            historyEntries.removeFirst(historyEntries.count - historyLimit)
        }
        didojo_history_enter(historyList, line)
    }

    /// Shows "^C" after the abandoned line and moves to a fresh line.
    ///
    /// The cursor may be in the middle of the line, so the text after it is
    /// printed again first; that moves the cursor to the end without changing
    /// what is on screen.
    private func finishInterruptedLine() {
        var tail = ""
        if let info = el_line(editor)?.pointee, let cursor = info.cursor, let end = info.lastchar, cursor < end {
            let bytes = UnsafeBufferPointer(start: cursor, count: end - cursor).map { UInt8(bitPattern: $0) }
            tail = String(decoding: bytes, as: UTF8.self)
        }
        state.write(tail + "^C\n")
        // el_gets clears its line buffer when the next call starts; el_reset
        // also drops any half-typed key sequence and numeric argument now.
        el_reset(editor)
    }

    // MARK: - Callbacks

    /// Fetches the `EditorState` stored in libedit's client data.
    private static func state(of editor: OpaquePointer?) -> EditorState? {
        guard let editor, let raw = didojo_el_get_clientdata(editor) else { return nil }
        return Unmanaged<EditorState>.fromOpaque(raw).takeUnretainedValue()
    }

    /// The Tab command: completes the word before the cursor or lists the choices.
    private static func complete(editor: OpaquePointer, state: EditorState) -> UInt8 {
        guard let info = el_line(editor)?.pointee, let start = info.buffer, let cursor = info.cursor else {
            return UInt8(CC_ERROR)
        }
        let bytes = UnsafeBufferPointer(start: start, count: cursor - start).map { UInt8(bitPattern: $0) }
        let before = String(decoding: bytes, as: UTF8.self)

        switch state.completion.complete(lineBeforeCursor: before) {
        case .none:
            return UInt8(CC_REFRESH_BEEP)
        case .insert(let text):
            el_insertstr(editor, text)
            return UInt8(CC_REFRESH)
        case .choices(let choices, let insert):
            if !insert.isEmpty {
                el_insertstr(editor, insert)
            }
            let width = TerminalInfo.columns(fd: state.outputFD) ?? 80
            let rows = CompletionEngine.columns(choices, width: width)
            state.write("\n" + rows.joined(separator: "\n") + "\n")
            // CC_REDISPLAY draws the prompt and the line again below the listing.
            return UInt8(CC_REDISPLAY)
        }
    }

    // MARK: - Prompt and locale

    /// Marks characters in the prompt that take no screen width.
    private static let invisibleDelimiter = CChar(1)

    /// Wraps each ANSI escape sequence of `prompt` in `\u{1}` pairs so libedit does not count it as width.
    static func markingInvisibleSequences(in prompt: String) -> String {
        let escape: Unicode.Scalar = "\u{1b}"
        let marker: Unicode.Scalar = "\u{1}"
        var result = String.UnicodeScalarView()
        var scalars = prompt.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            if scalar == marker { continue }
            guard scalar == escape else {
                result.append(scalar)
                continue
            }
            // ESC "[" parameters final-byte (CSI); other escapes are ESC plus one character.
            result.append(marker)
            result.append(scalar)
            if let next = scalars.next() {
                result.append(next)
                if next == "[" {
                    while let part = scalars.next() {
                        result.append(part)
                        if (0x40...0x7E).contains(part.value) { break }
                    }
                }
            }
            result.append(marker)
        }
        return String(result)
    }

    /// Switches LC_CTYPE away from the plain "C" locale, which makes libedit drop non-ASCII input.
    private static func useUTF8Locale() {
        if let current = setlocale(LC_CTYPE, nil), !["C", "POSIX"].contains(String(cString: current)) {
            return
        }
        if let chosen = setlocale(LC_CTYPE, ""), String(cString: chosen).lowercased().contains("utf") {
            return
        }
        _ = setlocale(LC_CTYPE, "C.UTF-8")
    }
}
