import DojoGrading
import Synchronization

/// Keeps every check event it hears of.
public final class RecordingCheckObserver: CheckObserver {
    private let heard = Mutex<[CheckEvent]>([])

    public init() {}

    public var events: [CheckEvent] { heard.withLock { $0 } }

    public func checkRecorded(_ event: CheckEvent) {
        heard.withLock { $0.append(event) }
    }
}
