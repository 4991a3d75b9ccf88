import ArgumentParser
import Domain
import Foundation
import LessonSupport

/// `run` for the Cake lesson: reads a file from the workspace's documents folder through one
/// of two compositions that were both fixed at compile time, the live one or the test one.
public enum CakeDemo: LessonDemo {
    public static let lessonID = "cake"

    public static let flags = ["--file", "--clock"]

    public static let usage = """
        --file <name>     the file to read from the documents folder (default: \(Options.defaultFile));
                          try a name that does not exist, e.g. --file missing.txt
        --clock <clock>   system: the live composition (real time, printing logger);
                          fixed:\(MixInReadFileServiceTest.day): the test composition (stopped clock, recording logger)
        """

    /// The folder in the workspace that plays the part of the user's documents folder.
    public static let documentsFolderName = "Documents"
    /// The sample file the demo puts there, so that `run` has something to read at once.
    public static let sampleFileName = "notes.txt"
    static let sampleText = """
        Notes on the Minimal Cake Pattern
        - a service lists what it needs as UsesX protocols
        - a mix-in class supplies every one of them, or the build fails
        """

    /// What the learner may type after `run`. A command (not just arguments) so that error
    /// messages say `run`, the word typed.
    struct Options: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "run")
        static let defaultFile = CakeDemo.sampleFileName

        @Option(help: "The file to read from the documents folder.")
        var file: String = Options.defaultFile

        @Option(help: "system, or fixed:\(MixInReadFileServiceTest.day).", transform: { try ClockChoice(parsing: $0) })
        var clock: ClockChoice = .system

        func validate() throws {
            guard case .fixed(let date) = clock else { return }
            let testDay = try FixedClock(day: MixInReadFileServiceTest.day).date
            if date != testDay {
                // Not an oversight: the test composition's clock is written into its class.
                throw ValidationError("""
                    the only fixed clock is fixed:\(MixInReadFileServiceTest.day). That day is written into \
                    the test composition's class; in the Cake Pattern another day means another mix-in \
                    class, written before compiling.
                    """)
            }
        }
    }

    public static func run(arguments: [String], context: DemoContext) throws {
        let options = try Options.parseDemoOptions(arguments)
        let documents = try prepareDocumentsFolder(in: context.workspaceDirectory)
        context.print("Documents folder: \(documents.path)")
        context.print("(\(sampleFileName) is a sample; put your own files there too)")
        context.print()

        let found: Bool
        switch options.clock {
        case .system:
            context.print("let service = MixInMainService(documentsFolder: documents)")
            context.print("// mixed in at compile time: SystemClock (the real time), PrintLogger (prints each line)")
            context.print("service.main(fileName: \"\(options.file)\")")
            context.print()
            let service = MixInMainService(documentsFolder: documents, write: context.write)
            service.main(fileName: options.file)
            // The live logger has already printed; read the file once more, quietly, only to
            // pick the right closing remark.
            found = (try? String(contentsOf: documents.appendingPathComponent(options.file), encoding: .utf8)) != nil
        case .fixed:
            context.print("let service = MixInMainServiceTest(documentsFolder: documents)")
            context.print("// mixed in at compile time: FixedClock at \(MixInReadFileServiceTest.day), RecordingLogger (keeps each line)")
            context.print("service.main(fileName: \"\(options.file)\")")
            context.print()
            let service = MixInMainServiceTest(documentsFolder: documents)
            service.main(fileName: options.file)
            context.print("Nothing appeared while it ran: this composition keeps its lines for a test to read.")
            context.print("service.printed:")
            printIndented(service.printed.isEmpty ? ["(nothing)"] : service.printed, to: context)
            context.print("service.testReader.recorder.entries:")
            printIndented(service.testReader.recorder.entries.map(\.description), to: context)
            found = !service.printed.isEmpty
        }

        context.print()
        if found {
            context.print("The time came from the clock the composition mixed in, not from `Date()`.")
        } else {
            context.print("The file could not be read, so the service logged an error and returned nil,")
            context.print("and `main` had nothing to print.")
        }
        switch options.clock {
        case .system:
            context.print("Try `run --file \(options.file) --clock fixed:\(MixInReadFileServiceTest.day)` for the test composition.")
        case .fixed:
            context.print("Run it again: the output is the same every time, which is what a test needs.")
        }
    }

    /// Creates the documents folder and its sample file when they are missing.
    static func prepareDocumentsFolder(in workspace: URL) throws -> URL {
        let folder = workspace.appendingPathComponent(documentsFolderName, isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let sample = folder.appendingPathComponent(sampleFileName)
        if !FileManager.default.fileExists(atPath: sample.path) {
            try sampleText.write(to: sample, atomically: true, encoding: .utf8)
        }
        return folder
    }

    private static func printIndented(_ lines: [String], to context: DemoContext) {
        for line in lines {
            for part in line.split(separator: "\n", omittingEmptySubsequences: false) {
                context.print("  \(part)")
            }
        }
    }
}
