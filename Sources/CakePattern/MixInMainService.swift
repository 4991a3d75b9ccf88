import Domain
import Foundation

/// The live program: a live `MixInReadFileService`, and lines printed as they come.
public final class MixInMainService: MainService {
    public let readFileService: any ReadFileService
    private let write: @Sendable (String) -> Void

    /// - Parameters:
    ///   - documentsFolder: the folder the file reader looks in.
    ///   - write: where printed lines and the logger's lines go; the terminal by default.
    public init(documentsFolder: URL, write: @escaping @Sendable (String) -> Void = StandardOutput.write) {
        self.readFileService = MixInReadFileService(documentsFolder: documentsFolder, write: write)
        self.write = write
    }

    public func printLine(_ line: String) {
        write(line + "\n")
    }
}
