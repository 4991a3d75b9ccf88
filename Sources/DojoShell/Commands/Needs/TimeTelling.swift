import DojoCore

/// The time a command stamps what it records with (a hint seen, an event for the class).
@MainActor
protocol TimeTelling: AnyObject {
    var timeSource: any TimeSource { get }
}
