/// Somewhere to report what the program is doing.
///
/// Code that logs through this protocol does not decide where its messages go: the terminal in
/// a demo (`PrintLogger`), a list a test can read (`RecordingLogger`).
public protocol Logger {
    /// Reports normal progress.
    func info(_ message: String)
    /// Reports something that went wrong.
    func error(_ message: String)
}
