import Domain
import Foundation

/// The test composition of the program: the test file reader, and printed lines kept in a list.
public final class MixInMainServiceTest: MainService {
    /// The test file reader, seen as what it is, so its recorded log lines can be read.
    public let testReader: MixInReadFileServiceTest
    public var readFileService: any ReadFileService { testReader }
    /// Every line `main(fileName:)` printed, oldest first.
    public private(set) var printed: [String] = []

    public init(documentsFolder: URL) {
        testReader = MixInReadFileServiceTest(documentsFolder: documentsFolder)
    }

    public func printLine(_ line: String) {
        printed.append(line)
    }
}
