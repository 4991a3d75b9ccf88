/// Whether long text goes through the pager, for the rest of the session (`pager on|off`).
@MainActor
protocol PagerSwitch: AnyObject {
    var pagerEnabled: Bool { get set }
    /// False when no pager program can be found.
    var pagerIsAvailable: Bool { get }
}
