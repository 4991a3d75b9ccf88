/// What the settings screen may ask for: only to be closed.
public struct SettingsViewModelActions {
    /// Closes the settings screen and goes back.
    public let close: () -> Void

    public init(close: @escaping () -> Void) {
        self.close = close
    }
}
