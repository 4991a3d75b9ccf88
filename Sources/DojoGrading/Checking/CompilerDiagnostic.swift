/// One message from the Swift compiler, with the notes that belong to it.
public struct CompilerDiagnostic: Equatable, Sendable {
    public enum Severity: String, Sendable { case error, warning, note }

    public let file: String
    public let line: Int
    public let column: Int
    public let severity: Severity
    public let message: String
    public var notes: [CompilerDiagnostic]
    /// What the message means for someone learning DI, in plain words; nil when the checker
    /// does not know for sure (a wrong explanation is worse than none).
    public var explanation: String?

    public init(
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
