import Domain

/// Posts to Facebook, stamped with the time. `PluginLoader` creates it with `init()`, so it
/// has to choose its client and its clock itself: Constrained Construction forces a Control
/// Freak.
public struct FacebookPlugin: LoadablePlugin {
    public let name = "facebook"
    private let output: any SocialPostOutput
    private let clock: any Clock

    public init() {
        // Nothing can be passed in, so the plugin picks for itself.
        output = FacebookClient()
        clock = SystemClock()
    }

    /// What the plugin chose, as the demo shows it.
    public var chosenDependencies: String {
        "\(type(of: output)) and \(type(of: clock))"
    }

    public func share(_ text: String) throws {
        try output.post("\(text) (\(clock.now().utcStamp))")
    }
}
