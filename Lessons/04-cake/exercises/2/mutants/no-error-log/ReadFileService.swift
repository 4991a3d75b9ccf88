import CakePattern
import Domain
import Foundation

/// A deliberately broken copy of the subject (mutant `no-error-log`): the learner's tests must fail on it.
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
        logger.info("reading \(file.path)")
        guard let text = try? String(contentsOf: file, encoding: .utf8) else {
            return nil
        }
        return DatedText(readAt: clock.now(), text: text)
    }
}
