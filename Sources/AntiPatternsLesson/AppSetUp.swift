import Domain

/// The app's launch code for `SharePresenter`: what it registers in the service locator.
///
/// It compiles whatever it leaves out. That is the point of `leavingOut`: the demo forgets
/// one registration, as a real set-up forgets one after a refactoring, and nothing complains
/// until the first `share`.
public enum AppSetUp {
    /// One of the three registrations `SharePresenter` needs.
    public enum Registration: String, CaseIterable, Sendable {
        case output, clock, logger
    }

    /// Registers `output`, `clock` and `logger` in `locator`, all but `leavingOut`.
    public static func register(
        in locator: ServiceLocator, output: any SocialPostOutput, clock: any Clock, logger: any Logger,
        leavingOut: Registration? = nil
    ) {
        if leavingOut != .output {
            locator.register((any SocialPostOutput).self) { output }
        }
        if leavingOut != .clock {
            locator.register((any Clock).self) { clock }
        }
        if leavingOut != .logger {
            locator.register((any Logger).self) { logger }
        }
    }
}
