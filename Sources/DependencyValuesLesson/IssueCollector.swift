import ConcurrencyExtras
import IssueReporting

/// An `IssueReporter` that keeps the issues instead of printing them, so the demo can show what
/// the library reports and the tests can check it.
///
/// IssueReporting sends every issue to `IssueReporters.current`. Its default reporter fails
/// the running test when it sees one (an XCTest or Swift Testing run); otherwise it shows a
/// runtime warning in Xcode on Apple platforms, and elsewhere prints a line to standard error.
/// `withIssueReporters([collector])` replaces it for one scope.
public final class IssueCollector: IssueReporter {
    private let collected = LockIsolated<[String]>([])

    public init() {}

    /// The messages reported so far, oldest first.
    public var messages: [String] { collected.value }

    public func reportIssue(
        _ message: @autoclosure () -> String?,
        severity: IssueSeverity,
        fileID: StaticString,
        filePath: StaticString,
        line: UInt,
        column: UInt
    ) {
        let text = message() ?? "an issue with no message"
        collected.withValue { $0.append(text) }
    }
}
