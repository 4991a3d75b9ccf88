/// The lines a `TracingOutput` wrote, in order: an actor, since posts arrive from many tasks.
public actor TraceLog {
    public private(set) var lines: [String] = []

    public init() {}

    public func record(_ line: String) {
        lines.append(line)
    }
}
