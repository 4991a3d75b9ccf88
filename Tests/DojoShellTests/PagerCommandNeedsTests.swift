@testable import DojoShell
import DojoTestSupport
import Testing

/// `pager` declares a screen and the pager switch as all it uses (`PagerCommand.Context`):
/// a fake of those two runs it, and it turns the switch and says so.
@MainActor
@Suite struct PagerCommandNeedsTests {
    @Test func pagerOffAndOnTurnTheSwitchAndSayWhere() async {
        let session = ScreenAndSwitch(pagerIsAvailable: true)
        _ = await PagerCommand().run(["off"], session: session)
        #expect(!session.pagerEnabled)
        #expect(session.screen.output.hasSuffix("The pager is off: long text is printed whole ('pager on' turns it back on).\n"))
        let before = session.screen.output.endIndex
        _ = await PagerCommand().run(["on"], session: session)
        #expect(session.pagerEnabled)
        #expect(session.screen.output[before...].hasPrefix("The pager is on: text taller than the screen is shown through it"))
    }

    @Test func aWordItDoesNotKnowLeavesTheSwitchAlone() async {
        let session = ScreenAndSwitch(pagerIsAvailable: true)
        session.pagerEnabled = false
        _ = await PagerCommand().run(["maybe"], session: session)
        #expect(!session.pagerEnabled)
        #expect(session.screen.output == "'pager' takes on or off, not 'maybe'.\n")
    }

    @Test func withoutAPagerItSaysSoWhateverTheSwitch() async {
        let session = ScreenAndSwitch(pagerIsAvailable: false)
        _ = await PagerCommand().run(["on"], session: session)
        #expect(session.screen.output.hasPrefix("There is no pager:"))
    }
}

/// A screen and the pager switch, and nothing else of a session.
@MainActor
private final class ScreenAndSwitch: CommandScreen, PagerSwitch {
    let screen = FakeScreenTerminal()
    let interrupts: any InterruptSource = FakeInterrupts()
    var pagerEnabled = true
    let pagerIsAvailable: Bool

    init(pagerIsAvailable: Bool) {
        self.pagerIsAvailable = pagerIsAvailable
    }

    var terminal: any Terminal { screen }
    var printer: Printer { Printer(terminal: screen) }

    func paged(_ show: (Printer) -> Void) { show(printer) }
}
