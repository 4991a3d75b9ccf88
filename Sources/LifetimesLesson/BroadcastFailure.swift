/// Some of a `BroadcastOutput`'s outputs failed: every error, in the order of the outputs.
public struct BroadcastFailure: Error, CustomStringConvertible {
    /// The errors of the outputs that failed, in the order of the outputs.
    public let errors: [any Error]
    /// How many outputs were tried in all.
    public let outputCount: Int

    public init(errors: [any Error], outputCount: Int) {
        self.errors = errors
        self.outputCount = outputCount
    }

    public var description: String {
        "\(errors.count) of \(outputCount) outputs failed: " + errors.map { "\($0)" }.joined(separator: "; ")
    }
}
