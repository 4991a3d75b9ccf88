import Domain

/// The settings screen's logic: the time zone and the current time, and a way out.
public final class SettingsViewModel {
    private let actions: SettingsViewModelActions
    private let clock: any Clock

    public init(actions: SettingsViewModelActions, clock: any Clock) {
        self.actions = actions
        self.clock = clock
    }

    /// The lines the screen shows; the time is read each time they are drawn.
    public var lines: [String] {
        ["Time zone: UTC", "Now: \(clock.now().utcStamp)"]
    }

    public func didTapClose() {
        actions.close()
    }
}
