import Domain

/// Posts through the output it was given, stamped by the clock it was given: what
/// `FacebookPlugin` becomes once nobody demands `init()` of it.
public struct PostingPlugin: SharePlugin {
    public let name: String
    private let output: any SocialPostOutput
    private let clock: any Clock

    public init(name: String, output: any SocialPostOutput, clock: any Clock) {
        self.name = name
        self.output = output
        self.clock = clock
    }

    public func share(_ text: String) throws {
        try output.post("\(text) (\(clock.now().utcStamp))")
    }
}
