import CakePattern
import Domain
import Foundation

/// Reads a file from a documents folder and says when it was read.
///
/// The lesson's service, copied here for you to change. The checks mix in a clock stopped at
/// 2016-06-18 and a recording logger, then read what it logged.
protocol ReadFileService: UsesClock, UsesLogger {
    /// The folder `readWithDate(_:)` looks in.
    var documentsFolder: URL { get }

    /// The contents of `fileName` in `documentsFolder` with the time it was read.
    func readWithDate(_ fileName: String) -> DatedText?
}

extension ReadFileService {
    /// The contents of `fileName` with the time it was read, or nil (after logging an error)
    /// when the file cannot be read.
    func readWithDate(_ fileName: String) -> DatedText? {
        let file = documentsFolder.appendingPathComponent(fileName)
        // An empty text would look like an empty file; nil plus an error line tells the truth.
        guard let text = try? String(contentsOf: file, encoding: .utf8) else {
            logger.error("could not read \(file.path)")
            return nil
        }
        logger.info("reading \(file.path)")
        return DatedText(readAt: clock.now(), text: text)
    }
}
