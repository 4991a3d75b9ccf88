import CakePattern
import Domain
import Foundation

// `FileStore`, `DiskFileStore` and `InMemoryFileStore` are given (see the task).

/// Mixes a `FileStore` into whatever adopts it.
protocol UsesFileStore {
    /// Where files are read from. Supplied by a mix-in class.
    var fileStore: any FileStore { get }
}

/// Reads a file from a documents folder and says when it was read.
protocol ReadFileService: UsesClock, UsesLogger, UsesFileStore {
    /// The folder `readWithDate(_:)` looks in.
    var documentsFolder: URL { get }

    /// The contents of `fileName` in `documentsFolder` with the time it was read.
    func readWithDate(_ fileName: String) -> DatedText?
}

extension ReadFileService {
    /// The contents of `fileName` with the time it was read, or nil (after logging an error)
    /// when the file cannot be read.
    func readWithDate(_ fileName: String) -> DatedText? {
        let path = documentsFolder.appendingPathComponent(fileName).path
        logger.info("reading \(path)")
        // Through the mixed-in store: a test composition can hand in files that live in memory.
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            logger.error("could not read \(path)")
            return nil
        }
        return DatedText(readAt: clock.now(), text: text)
    }
}

/// The live composition: the real clock, a printing logger, and the real disk.
final class MixInReadFileService: ReadFileService {
    let clock: any Clock = SystemClock()
    let logger: any Logger = PrintLogger()
    let fileStore: any FileStore = DiskFileStore()
    let documentsFolder: URL

    init(documentsFolder: URL) {
        self.documentsFolder = documentsFolder
    }
}
