/// The person at the keyboard, as a command sees them: where it writes (the screen's printer,
/// or a collector while `paged` measures the text), the terminal it asks questions on, long
/// text through the pager, and Ctrl-C.
@MainActor
protocol CommandScreen: AnyObject {
    var printer: Printer { get }
    var terminal: any Terminal { get }
    var interrupts: any InterruptSource { get }
    /// Runs `show`, through the pager when its text is taller than the screen.
    func paged(_ show: (Printer) -> Void)
}
