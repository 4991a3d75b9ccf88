/// A timeline file that cannot be used.
public enum TimelineError: Error, Equatable, CustomStringConvertible {
    /// A line of the file is not a post written by `Timeline`.
    case unreadableLine(number: Int, file: String)
    /// The file did not exist and could not be created.
    case cannotCreate(file: String)

    public var description: String {
        switch self {
        case .unreadableLine(let number, let file):
            "line \(number) of \(file) is not a post; delete the file to start a fresh timeline"
        case .cannotCreate(let file):
            "cannot create the timeline file \(file)"
        }
    }
}
