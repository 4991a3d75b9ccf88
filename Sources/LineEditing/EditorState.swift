import Glibc

/// The Swift state that libedit's C callbacks need, reached through EL_CLIENTDATA.
///
/// libedit's callbacks are plain C function pointers that cannot capture
/// anything, so the editor stores an unretained pointer to this object in
/// libedit (EL_CLIENTDATA) and each callback fetches it back. `LineEditor`
/// owns the object and outlives every callback, which only run inside its
/// `el_gets` call.
final class EditorState {
    /// Decides what Tab does.
    let completion: CompletionEngine
    /// The stream libedit writes to; completion listings go through it too so output stays in order.
    let output: UnsafeMutablePointer<FILE>
    /// The descriptor behind `output`, used to ask for the terminal width.
    let outputFD: Int32
    /// Set by the Ctrl-C key command so `readLine` can tell it apart from Ctrl-D.
    var interruptRequested = false
    /// The current prompt as a C string; libedit reads it on every redraw, so it must stay alive.
    private(set) var prompt: UnsafeMutablePointer<CChar>

    init(completion: CompletionEngine, output: UnsafeMutablePointer<FILE>, outputFD: Int32) {
        self.completion = completion
        self.output = output
        self.outputFD = outputFD
        self.prompt = strdup("")
    }

    deinit {
        free(prompt)
    }

    /// Replaces the prompt text handed to libedit.
    func setPrompt(_ text: String) {
        let old = prompt
        prompt = strdup(text)
        free(old)
    }

    /// Writes `text` to the editor's output stream and flushes it.
    func write(_ text: String) {
        fputs(text, output)
        fflush(output)
    }
}
