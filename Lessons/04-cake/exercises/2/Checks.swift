import Domain
import Foundation
import XCTest

/// Checks on the composition itself (run against the correct service only): the tests can only
/// be trusted if it really mixes in a stopped clock and a logger that records.
final class TestCompositionChecks: XCTestCase {
    private let folder = FileManager.default.temporaryDirectory

    func testTheCompositionsClockIsStoppedAt20160618() throws {
        let service = MixInReadFileServiceTest(documentsFolder: folder)
        // A class that declares no `clock` of its own conforms only through a default in an
        // extension: the trap of page 6, which the compiler cannot see any more.
        let declaresClock = Mirror(reflecting: service).children.contains { $0.label == "clock" }
        XCTAssertEqual(
            service.clock.now().utcStamp, "2016-06-18 00:00 UTC",
            "MixInReadFileServiceTest's clock should be stopped at 2016-06-18, e.g. `let clock: any Clock = try! FixedClock(day: \"2016-06-18\")`"
                + (declaresClock ? "" : ". The class declares no `clock` of its own, so a default in an extension of UsesClock answers for it: never give a UsesX requirement a default, mix the clock into the class.")
        )
    }

    func testTheCompositionsLoggerRecords() throws {
        let logger = MixInReadFileServiceTest(documentsFolder: folder).logger
        XCTAssertTrue(
            logger is RecordingLogger,
            "MixInReadFileServiceTest's logger should be a RecordingLogger, so a test can read what was logged; it is a \(type(of: logger))"
        )
    }

    func testTheCompositionKeepsOneLogger() throws {
        let service = MixInReadFileServiceTest(documentsFolder: folder)
        let first = service.logger as? RecordingLogger
        let second = service.logger as? RecordingLogger
        XCTAssertTrue(
            first != nil && first === second,
            "`logger` should give the same RecordingLogger every time (store it once, e.g. `let recorder = RecordingLogger()`), or what the service logs is lost before the test reads it"
        )
    }
}
