/// What the app's set-up leaves out in `run --forget`: one of `AppSetUp`'s registrations, or
/// nothing at all.
public enum ForgottenRegistration: String, CaseIterable, Sendable {
    case output, clock, logger, nothing

    /// The registration left out, or nil for `nothing`.
    var registration: AppSetUp.Registration? {
        switch self {
        case .output: .output
        case .clock: .clock
        case .logger: .logger
        case .nothing: nil
        }
    }
}
