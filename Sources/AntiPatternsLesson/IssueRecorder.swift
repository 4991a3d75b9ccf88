import ConcurrencyExtras
import IssueReporting

/// Keeps the issues swift-dependencies reports instead of printing them, so the demo can show
/// what a test would have been told.
///
/// IssueReporting sends every issue to `IssueReporters.current`: under XCTest or Swift Testing
/// its default reporter fails the running test; `withIssueReporters([recorder])` replaces it
/// for one scope.
public final class IssueRecorder: IssueReporter {
    private let recorded = LockIsolated<[String]>([])

    public init() {}

    /// The messages reported so far, oldest first.
    public var messages: [String] { recorded.value }

    public func reportIssue(
        _ message: @autoclosure () -> String?,
        severity: IssueSeverity,
        fileID: StaticString,
        filePath: StaticString,
        line: UInt,
        column: UInt
    ) {
        let text = message() ?? "an issue with no message"
        recorded.withValue { $0.append(text) }
    }
}
