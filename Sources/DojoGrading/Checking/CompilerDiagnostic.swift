/// One message from the Swift compiler, with the notes that belong to it.
package struct CompilerDiagnostic: Equatable, Sendable {
    package enum Severity: String, Sendable { case error, warning, note }

    package let file: String
    package let line: Int
    package let column: Int
    package let severity: Severity
    package let message: String
    package var notes: [CompilerDiagnostic]
    /// What the message means for someone learning DI, in plain words; nil when the checker
    /// does not know for sure (a wrong explanation is worse than none).
    package var explanation: String?

    package init(
        file: String, line: Int, column: Int, severity: Severity, message: String,
        notes: [CompilerDiagnostic] = [], explanation: String? = nil
    ) {
        self.file = file
        self.line = line
        self.column = column
        self.severity = severity
        self.message = message
        self.notes = notes
        self.explanation = explanation
    }
}
