/// What one lesson's demo accepts, as `didojo-demos describe` tells it (one JSON array of
/// these) to the shell.
///
/// The shell shows `usage` under `help run` and completes `flags` after `run`, without linking
/// the lesson modules (and everything they pull in) into itself: this is the whole contract
/// between the shell and the demos executable, apart from `didojo-demos run`'s arguments.
public struct DemoDescription: Codable, Sendable, Equatable {
    /// The id of the lesson, e.g. `no-di`.
    public let lessonID: String
    /// See ``LessonDemo/flags``.
    public let flags: [String]
    /// See ``LessonDemo/usage``.
    public let usage: String

    public init(lessonID: String, flags: [String], usage: String) {
        self.lessonID = lessonID
        self.flags = flags
        self.usage = usage
    }

    /// What `demo` says about itself.
    public init(_ demo: any LessonDemo.Type) {
        self.init(lessonID: demo.lessonID, flags: demo.flags, usage: demo.usage)
    }
}
