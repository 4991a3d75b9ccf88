import ChildProcess
import Foundation

extension Termination {
    /// What to tell the learner when a demo has ended this way; nil when the demo itself has
    /// said all there is (it ran, or it printed why it could not: status 2).
    package var demoReport: String? {
        switch self {
        case .exited(0), .exited(2):
            return nil
        case .exited:
            return "The example program \(self)."
        case .signaled(SIGINT):
            return "The example program was interrupted."
        case .signaled:
            return "The example program ended: \(self)."
        }
    }
}
