import LessonSupport

/// A demo that records what it was asked to do.
public enum EchoDemo: LessonDemo {
    public static let lessonID = "arithmetic"
    public static let flags = ["--loud", "--times"]
    public static let usage = "--loud     shout\n--times N  repeat"

    public static func run(arguments: [String], context: DemoContext) throws {
        if arguments.contains("--bad") { throw DemoUsageError(message: "Error: Unknown option '--bad'") }
        context.print("echo: " + arguments.joined(separator: " "))
    }
}
