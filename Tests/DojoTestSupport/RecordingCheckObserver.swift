import DojoGrading
import Synchronization

/// Keeps every check event it hears of.
package final class RecordingCheckObserver: CheckObserver {
    private let heard = Mutex<[CheckEvent]>([])

    package init() {}

    package var events: [CheckEvent] { heard.withLock { $0 } }

    package func checkRecorded(_ event: CheckEvent) {
        heard.withLock { $0.append(event) }
    }
}
