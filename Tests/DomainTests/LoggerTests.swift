import DojoTestSupport
import Testing
import Domain

@Suite("Loggers")
struct LoggerTests {
    @Test("The print logger writes one line per message, marked with its level")
    func printLoggerWritesLines() {
        let output = CapturedOutput()
        let logger = PrintLogger(write: output.write)
        logger.info("read notes.txt")
        logger.error("notes.txt is missing")
        #expect(output.text == "[info] read notes.txt\n[error] notes.txt is missing\n")
    }

    @Test("The recording logger keeps every entry with its level, in order")
    func recordingLoggerKeepsEntries() {
        let logger = RecordingLogger()
        logger.info("one")
        logger.error("two")
        logger.info("three")
        #expect(logger.entries == [
            LogEntry(level: .info, message: "one"),
            LogEntry(level: .error, message: "two"),
            LogEntry(level: .info, message: "three"),
        ])
        #expect(logger.messages(at: .info) == ["one", "three"])
        #expect(logger.messages(at: .error) == ["two"])
    }

    @Test("A new recording logger has recorded nothing")
    func recordingLoggerStartsEmpty() {
        #expect(RecordingLogger().entries.isEmpty)
    }

    @Test("Code that takes any Logger works with both loggers")
    func loggersAreInterchangeable() {
        func greet(_ logger: any Logger) { logger.info("hi") }
        let output = CapturedOutput()
        let recorder = RecordingLogger()
        greet(PrintLogger(write: output.write))
        greet(recorder)
        #expect(output.text == "[info] hi\n")
        #expect(recorder.messages(at: .info) == ["hi"])
    }
}
