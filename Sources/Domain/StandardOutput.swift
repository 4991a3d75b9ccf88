import Foundation

/// The default destination of the terminal stand-ins (`PrintLogger`, `TerminalScreen`,
/// `TerminalNavigator`); public so lessons can name it when they wire those by hand.
public enum StandardOutput {
    /// Prints `text` as is and flushes at once, so that these lines stay in order with output
    /// the tutor writes by other means (a pipe would otherwise hold them back in a buffer).
    public static let write: @Sendable (String) -> Void = { text in
        print(text, terminator: "")
        fflush(nil)
    }
}
