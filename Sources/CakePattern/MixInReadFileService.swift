import Domain
import Foundation

/// The live file reader: the real clock and a logger that prints.
///
/// This class is where the dependencies are finally chosen. Leave out `clock` or `logger` and
/// the program does not compile, because `ReadFileService` inherits `UsesClock` and
/// `UsesLogger`.
public final class MixInReadFileService: ReadFileService {
    public let clock: any Clock = SystemClock()
    public let logger: any Logger
    public let documentsFolder: URL

    /// - Parameters:
    ///   - documentsFolder: the folder files are read from.
    ///   - write: where the printing logger writes its lines; the terminal by default.
    ///     Only the destination is a parameter: that the logger prints is fixed by this class.
    public init(documentsFolder: URL, write: @escaping @Sendable (String) -> Void = StandardOutput.write) {
        self.documentsFolder = documentsFolder
        self.logger = PrintLogger(write: write)
    }
}
