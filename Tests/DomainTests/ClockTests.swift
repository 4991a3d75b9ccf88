import Foundation
import Testing
import Domain

@Suite("Clocks")
struct ClockTests {
    @Test("A fixed clock parsed from 2016-06-18 stands at midnight UTC of that day")
    func fixedClockParsesADay() throws {
        let clock = try FixedClock(day: "2016-06-18")
        #expect(clock.now() == Date(timeIntervalSince1970: 1_466_208_000))
        #expect(clock.now().utcStamp == "2016-06-18 00:00 UTC")
    }

    @Test("A fixed clock tells the same time every time it is asked")
    func fixedClockDoesNotMove() {
        let clock = FixedClock(date: Date(timeIntervalSince1970: 42))
        #expect(clock.now() == clock.now())
        #expect(clock.now() == Date(timeIntervalSince1970: 42))
    }

    @Test("A fixed clock refuses text that is not a real day", arguments: [
        "", "2016-6-18", "2016/06/18", "16-06-18", "2016-06-18T00:00", "2016-13-01", "2016-02-30", "２０１６-06-18", "yesterday",
    ])
    func fixedClockRejectsBadDays(text: String) {
        #expect(throws: ClockParseError.self) {
            try FixedClock(day: text)
        }
    }

    @Test("The system clock tells the time of the machine")
    func systemClockIsNow() {
        let before = Date()
        let now = SystemClock().now()
        let after = Date()
        #expect(before <= now && now <= after)
    }

    @Test("The word system chooses the system clock")
    func choiceSystem() throws {
        let choice = try ClockChoice(parsing: "system")
        #expect(choice == .system)
        #expect(choice.makeClock() is SystemClock)
    }

    @Test("The word fixed:2016-06-18 chooses a clock stopped on that day")
    func choiceFixed() throws {
        let choice = try ClockChoice(parsing: "fixed:2016-06-18")
        #expect(choice == .fixed(Date(timeIntervalSince1970: 1_466_208_000)))
        #expect(choice.makeClock().now().utcStamp == "2016-06-18 00:00 UTC")
    }

    @Test("Other clock words are refused with a message that shows the accepted ones", arguments: [
        "", "System", "fixed", "fixed:", "fixed:2016-02-30", "fixed 2016-06-18", "real",
    ])
    func choiceRejectsOtherWords(word: String) {
        do {
            _ = try ClockChoice(parsing: word)
            Issue.record("\"\(word)\" should not be accepted")
        } catch let error as ClockParseError {
            #expect(error.input == word)
            #expect(error.description.contains("fixed:2016-06-18"))
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    @Test("A time stamp is written in UTC with minutes")
    func utcStamp() {
        let date = Date(timeIntervalSince1970: 1_466_208_000 + 9 * 3600 + 5 * 60 + 59)
        #expect(date.utcStamp == "2016-06-18 09:05 UTC")
    }
}
