import XCTest
import AntiPatternsLesson

/// What one suspect commits, why, and what to say to a tempting wrong verdict.
struct Suspect {
    let answer: AntiPattern
    /// Why `answer` is right, as a full sentence or two.
    let why: String
    /// Why the suspect is not what a wrong verdict says, for the likely wrong verdicts.
    let notes: [AntiPattern: String]
}

let suspects: [String: Suspect] = [
    "ComposeSheet": Suspect(
        answer: .clean,
        why: "ComposeSheet receives its output and its clock in init, and creates only a `Post`, which is runtime data, not a dependency: no anti-pattern.",
        notes: [
            .controlFreak: "Creating something is not Control Freak in itself: Control Freak creates a volatile dependency (a client, a clock), and `Post(…)` is a plain value, the data the sheet works on.",
        ]
    ),
    "DraftRetrier": Suspect(
        answer: .controlFreak,
        why: "DraftRetrier creates its own `TwitterClient()` inside retryAll(): it picks a volatile dependency itself, one method deep, where no caller and no test can replace it. That is Control Freak.",
        notes: [
            .clean: "It has no initializer with dependencies at all, which makes it look harmless: look inside its methods.",
            .serviceLocator: "It asks nobody for the client; it creates it.",
        ]
    ),
    "SettingsScreenModel": Suspect(
        answer: .controlFreak,
        why: "`init(clock: any Clock = SystemClock())` quietly fills in a Foreign Default: a caller who passes nothing gets the real clock, chosen by the model. Seemann named this Bastard Injection; DIPP&P files it under Control Freak.",
        notes: [
            .clean: "It does accept a clock, but its default argument still chooses one for every caller who forgets: the model still decides.",
        ]
    ),
    "ProfileScreenModel": Suspect(
        answer: .serviceLocator,
        why: "ProfileScreenModel receives a `ServiceLocator` and asks it for a clock while it runs. Its initializer says \"give me a locator\", not \"give me a clock\": an injected locator is still a Service Locator.",
        notes: [
            .clean: "It is injected, but what it is given is a locator, and it fetches its real dependency from it later, hidden from its signature.",
            .ambientContext: "There is no static property here: the locator arrives through init. Asking a registry for a dependency by its type is what makes a Service Locator, wherever the registry comes from.",
        ]
    ),
    "FeedHeader": Suspect(
        answer: .ambientContext,
        why: "FeedHeader reads the time from `TimeProvider.current`, a static property that any code may set: Ambient Context.",
        notes: [
            .serviceLocator: "It asks no registry for just any type: it reads one dependency, a clock, from one static property. In DIPP&P's words, a Service Locator gives access to an unbounded set of dependencies, an Ambient Context to a single one.",
            .clean: "`FeedHeader()` takes nothing, yet it needs a clock: the dependency is hidden, not absent.",
        ]
    ),
    "ExtensionHost": Suspect(
        answer: .constrainedConstruction,
        why: "ExtensionHost creates every plugin with `$0.init()`, which `LoadablePlugin` demands of all of them, so no plugin can receive a dependency: Constrained Construction.",
        notes: [
            .controlFreak: "It does not choose the plugin types (they are passed in); what it imposes is how every one of them is created: with `init()` and nothing else.",
            .clean: "Its own dependencies arrive in init, but it forces an empty init() on every plugin, so each must create or fetch what it needs.",
        ]
    ),
    "AppLauncher": Suspect(
        answer: .clean,
        why: "AppLauncher is the composition root: it resolves from the locator once, at launch, and hands plain dependencies to ComposeSheet. A container used there, and only there, is not a Service Locator.",
        notes: [
            .serviceLocator: "`resolve` is not the anti-pattern; calling it from inside the classes that do the work is.",
            .controlFreak: "Choosing concrete types is the composition root's job; it is the one place that should.",
        ]
    ),
    "Greeting": Suspect(
        answer: .clean,
        why: "Greeting needs nothing volatile, so it has nothing to receive: an empty `init()` on a type without dependencies is simply an initializer.",
        notes: [
            .constrainedConstruction: "Constrained Construction is a framework or registry demanding one initializer of every implementation. Greeting has `init()` because it needs nothing, and nobody forces it on anyone.",
            .controlFreak: "It creates nothing.",
        ]
    ),
]

final class VerdictChecks: XCTestCase {
    /// Fails with the reason when the verdict for `name` is missing or wrong.
    private func judge(_ name: String) {
        guard let suspect = suspects[name] else {
            return XCTFail("The checks know no suspect named \(name).")
        }
        guard let given = verdicts[name] else {
            return XCTFail("\(name) has no verdict yet: add \"\(name)\": .… to `verdicts`.")
        }
        guard given == suspect.answer else {
            let note = suspect.notes[given] ?? "It is not \(given.title)."
            return XCTFail("You judged \(name) .\(given.rawValue). \(note) \(suspect.why)")
        }
    }

    func testComposeSheet() { judge("ComposeSheet") }
    func testDraftRetrier() { judge("DraftRetrier") }
    func testSettingsScreenModel() { judge("SettingsScreenModel") }
    func testProfileScreenModel() { judge("ProfileScreenModel") }
    func testFeedHeader() { judge("FeedHeader") }
    func testExtensionHost() { judge("ExtensionHost") }
    func testAppLauncher() { judge("AppLauncher") }
    func testGreeting() { judge("Greeting") }

    func testEveryVerdictNamesATypeOfTheFile() {
        for name in verdicts.keys.sorted() where suspects[name] == nil {
            XCTFail("`verdicts` has \"\(name)\", which is not a type in your file. The eight are \(suspects.keys.sorted().joined(separator: ", ")).")
        }
    }
}
