import AntiPatternsLesson
import Domain

/// Your verdict for each type below: which of the four anti-patterns it commits, or `.clean`
/// for none. The keys are the type names, e.g. `"SomeType": .serviceLocator`.
let verdicts: [String: AntiPattern] = [
    "ComposeSheet": .controlFreak,
    "DraftRetrier": .controlFreak,
    "SettingsScreenModel": .controlFreak,
    "ProfileScreenModel": .serviceLocator,
    "FeedHeader": .ambientContext,
    "ExtensionHost": .constrainedConstruction,
    "AppLauncher": .clean,
    "Greeting": .clean,
]

// MARK: - The suspects
//
// Read them; do not change them (the checks judge your verdicts, not these types).

/// The compose sheet: stamps what the person typed and posts it.
final class ComposeSheet {
    private let output: any SocialPostOutput
    private let clock: any Clock

    init(output: any SocialPostOutput, clock: any Clock) {
        self.output = output
        self.clock = clock
    }

    func send(_ text: String) throws {
        let post = Post(network: .twitter, text: "\(text) (\(clock.now().utcStamp))")
        try output.post(post.text)
    }
}

/// Keeps the posts that failed, and sends them again later.
final class DraftRetrier {
    private var failed: [String] = []

    func keep(_ text: String) {
        failed.append(text)
    }

    func retryAll() throws {
        let client = TwitterClient()
        for text in failed {
            try client.post(text)
        }
        failed.removeAll()
    }
}

/// The settings screen's logic: shows what time the app thinks it is.
final class SettingsScreenModel {
    private let clock: any Clock

    init(clock: any Clock = SystemClock()) {
        self.clock = clock
    }

    var subtitle: String { "Now: \(clock.now().utcStamp)" }
}

/// The profile screen's logic: greets the person with the time of their visit.
final class ProfileScreenModel {
    private let services: ServiceLocator

    init(services: ServiceLocator) {
        self.services = services
    }

    func greeting(for name: String) throws -> String {
        let clock = try services.resolve((any Clock).self)
        return "Welcome back, \(name) (\(clock.now().utcStamp))"
    }
}

/// The line above the timeline.
struct FeedHeader {
    func title() -> String {
        "Your feed, \(TimeProvider.current.now().utcStamp)"
    }
}

/// Starts the share extensions the settings name.
final class ExtensionHost {
    private let kinds: [String: any LoadablePlugin.Type]

    init(kinds: [String: any LoadablePlugin.Type]) {
        self.kinds = kinds
    }

    func start(_ name: String) -> (any LoadablePlugin)? {
        kinds[name].map { $0.init() }
    }
}

/// The app's entry point: builds the compose sheet once, at launch, from the locator the
/// app's set-up filled.
enum AppLauncher {
    static func makeComposeSheet(from locator: ServiceLocator) throws -> ComposeSheet {
        ComposeSheet(
            output: try locator.resolve((any SocialPostOutput).self),
            clock: try locator.resolve((any Clock).self)
        )
    }
}

/// The text a new user sees first.
struct Greeting {
    init() {}

    func text(for name: String) -> String {
        "Hello, \(name)! Share something."
    }
}
