import Domain
import LessonSupport

/// `run --pattern constrained-construction`: a plugin created with `init()`, then the two ways
/// out, a factory and a creator hook.
enum ConstrainedConstructionSection {
    static func run(context: DemoContext) {
        context.print(
            "PluginLoader creates every plugin by name with init(), so FacebookPlugin has to choose "
                + "its own client and clock:"
        )
        context.print()
        context.print("    let plugin = try PluginLoader(types: [\"facebook\": FacebookPlugin.self]).load(\"facebook\")")
        context.print()
        do {
            let plugin = try PluginLoader(types: ["facebook": FacebookPlugin.self]).load("facebook")
            let chosen = (plugin as? FacebookPlugin)?.chosenDependencies ?? "?"
            context.print("  ✗ it made \(chosen) itself: no test can hand it a spy or a stopped")
            context.print("    clock, and every share would post to the real timeline.")
        } catch {
            context.print("  ✗ \(error)")
        }
        context.print()
        context.print("Way out 1, a factory per name, written at the composition root:")
        context.print()
        context.print("    let catalog = PluginCatalog(factories: [")
        context.print("        \"facebook\": { PostingPlugin(name: \"facebook\", output: spy, clock: day) },")
        context.print("    ])")
        context.print("    try catalog.load(\"facebook\").share(\"Hello\")")
        context.print()
        let spy = RecordingOutput()
        let catalog = PluginCatalog(factories: [
            "facebook": { PostingPlugin(name: "facebook", output: spy, clock: LocatorSuite.day) },
        ])
        do {
            try catalog.load("facebook").share("Hello")
            context.print("  ✓ the spy got \(spy.texts)")
        } catch {
            context.print("  ✗ \(error)")
        }
        context.print()
        context.print(
            "Way out 2, the framework's creator hook. The storyboard alone calls init?(coder:), which "
                + "ComposeScreen cannot honour; with a creator you call an initializer of your own:"
        )
        context.print()
        let storyboard = Storyboard(scenes: ["Compose": ComposeScreen.self])
        let alone = storyboard.instantiateScreen(identifier: "Compose")
        context.print("    storyboard.instantiateScreen(identifier: \"Compose\")   → \(alone == nil ? "nil" : "a screen")")
        let created = storyboard.instantiateScreen(identifier: "Compose") { coder in
            ComposeScreen(coder: coder, clock: LocatorSuite.day)
        }
        context.print("    storyboard.instantiateScreen(identifier: \"Compose\") { ComposeScreen(coder: $0, clock: day) }")
        context.print("        → draftLine(\"Hello\") is \"\(created?.draftLine("Hello") ?? "nil")\"")
    }
}
