import Domain
import Foundation

/// The test composition of the file reader: a clock stopped at 2016-06-18 and a logger that
/// records instead of printing.
///
/// Same behaviour as `MixInReadFileService` (it is all in the protocol extension), different
/// mix-ins: every time it reports is midnight UTC of 2016-06-18, and every log line can be
/// read back from `recorder`.
public final class MixInReadFileServiceTest: ReadFileService {
    /// The day the clock is stopped at.
    public static let day = "2016-06-18"

    // `try!` is safe: the day above is a valid date, and a typo there should stop every test.
    public let clock: any Clock = try! FixedClock(day: MixInReadFileServiceTest.day)
    /// The logger, seen as what it is, so a test can read its entries.
    public let recorder = RecordingLogger()
    public var logger: any Logger { recorder }
    public let documentsFolder: URL

    public init(documentsFolder: URL) {
        self.documentsFolder = documentsFolder
    }
}
