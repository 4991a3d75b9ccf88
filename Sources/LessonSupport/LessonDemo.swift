import Foundation

/// The runnable side of a lesson: what `run` starts.
///
/// Each lesson module has one type conforming to this protocol. The demos executable
/// (`didojo-demos`, started by the shell's `run`) lists those types; the shell itself links no
/// lesson module and knows a demo only by its ``DemoDescription``, so a new lesson needs no
/// change to the shell's code.
public protocol LessonDemo {
    /// The id of the lesson this demo belongs to, e.g. `no-di`.
    static var lessonID: String { get }

    /// The flags `run` accepts, offered by tab completion (e.g. `["--client", "--clock"]`).
    static var flags: [String] { get }

    /// One line per option, shown by `help run` while this lesson is open.
    static var usage: String { get }

    /// Runs the demo.
    ///
    /// - Parameters:
    ///   - arguments: the words the learner typed after `run`.
    ///   - context: where to write, and where the learner's files live.
    /// - Throws: `DemoUsageError` when the arguments are not understood.
    static func run(arguments: [String], context: DemoContext) throws
}

/// What a demo may touch: an output and the learner's workspace. Injected so that tests can
/// capture the output and point the workspace at a temporary folder.
public struct DemoContext: Sendable {
    /// Writes one piece of text, as is (add your own newline).
    public let write: @Sendable (String) -> Void
    /// The learner's workspace; demos keep their files (such as the timeline) here.
    public let workspaceDirectory: URL

    public init(workspaceDirectory: URL, write: @escaping @Sendable (String) -> Void) {
        self.workspaceDirectory = workspaceDirectory
        self.write = write
    }

    /// Writes `line` followed by a newline.
    public func print(_ line: String = "") {
        write(line + "\n")
    }
}
