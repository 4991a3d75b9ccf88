import DojoTestSupport
import Testing
import Domain

@Suite("Terminal navigator")
struct NavigatorTests {
    @Test("Pushing and popping moves the stack and reports each step")
    func pushAndPop() {
        let output = CapturedOutput()
        let navigator = TerminalNavigator(root: "Home", write: output.write)
        navigator.push("Detail")
        navigator.push("Edit")
        navigator.pop()
        #expect(navigator.stack == ["Home", "Detail"])
        #expect(navigator.visible == "Detail")
        #expect(output.text == """
            push Detail  (Home › Detail)
            push Edit  (Home › Detail › Edit)
            pop Edit  (Home › Detail)

            """)
    }

    @Test("Popping the root screen is refused, and the root stays")
    func popRoot() {
        let output = CapturedOutput()
        let navigator = TerminalNavigator(root: "Home", write: output.write)
        navigator.pop()
        #expect(navigator.stack == ["Home"])
        #expect(output.text.contains("pop ignored"))
    }

    @Test("A presented screen covers the stack until it is dismissed")
    func presentAndDismiss() {
        let output = CapturedOutput()
        let navigator = TerminalNavigator(root: "Home", write: output.write)
        navigator.push("Detail")
        navigator.present("Compose")
        #expect(navigator.visible == "Compose")
        #expect(navigator.presented == ["Compose"])
        navigator.dismiss()
        #expect(navigator.visible == "Detail")
        #expect(navigator.presented.isEmpty)
        #expect(output.text.contains("present Compose  (Home › Detail › [Compose])"))
        #expect(output.text.contains("dismiss Compose  (Home › Detail)"))
    }

    @Test("Dismissing with nothing presented changes nothing")
    func dismissNothing() {
        let output = CapturedOutput()
        let navigator = TerminalNavigator(root: "Home", write: output.write)
        navigator.dismiss()
        #expect(navigator.stack == ["Home"])
        #expect(navigator.presented.isEmpty)
        #expect(output.text.contains("dismiss ignored"))
    }
}
