import Domain
import Foundation

/// Reads a file from a documents folder and says when it was read.
///
/// The service needs a clock and a logger, and says so by inheriting `UsesClock` and
/// `UsesLogger` instead of creating them. Its behaviour lives in the extension below, written
/// only against `clock` and `logger`; a mix-in class such as `MixInReadFileService` decides
/// which clock and which logger those are.
public protocol ReadFileService: UsesClock, UsesLogger {
    /// The folder `readWithDate(_:)` looks in. A plain setting, mixed in like the dependencies.
    var documentsFolder: URL { get }

    /// The contents of `fileName` in `documentsFolder` with the time it was read, or `nil`
    /// (after logging an error) when the file cannot be read.
    func readWithDate(_ fileName: String) -> DatedText?
}

extension ReadFileService {
    public func readWithDate(_ fileName: String) -> DatedText? {
        let file = documentsFolder.appendingPathComponent(fileName)
        logger.info("reading \(file.path)")
        guard let text = try? String(contentsOf: file, encoding: .utf8) else {
            // Returning nil alone would leave the reader guessing; the error line says which
            // file was missing or unreadable.
            logger.error("could not read \(file.path)")
            return nil
        }
        // Ask the mixed-in clock, never `Date()`: a test composition stops this clock.
        return DatedText(readAt: clock.now(), text: text)
    }
}
