import Foundation

/// The contents of a file together with the moment it was read.
public struct DatedText: Equatable, Sendable {
    /// When the file was read, as told by the service's mixed-in clock.
    public let readAt: Date
    /// The file's contents, exactly as stored.
    public let text: String

    public init(readAt: Date, text: String) {
        self.readAt = readAt
        self.text = text
    }
}
