/// The person at the keyboard, as the shell reaches them: the terminal it reads and writes,
/// Ctrl-C, the pager for long text, and the clock the spinner and `watch` wait on.
@MainActor
package struct ShellConsole {
    package var terminal: any Terminal
    package var interrupts: any InterruptSource
    /// What waits: the spinner between frames, `watch` before it checks a saved file.
    /// Injected so that tests let time pass without waiting.
    package var clock: any Clock<Duration>
    /// Shows text taller than the screen a screenful at a time (see `ShellSession.paged`).
    package var pager: any Pager

    package init(terminal: any Terminal, interrupts: any InterruptSource, clock: any Clock<Duration>, pager: any Pager = NoPager()) {
        self.terminal = terminal
        self.interrupts = interrupts
        self.clock = clock
        self.pager = pager
    }
}
