import Clocks
import Dependencies
import Domain
import Foundation
import IssueReporting
import LessonSupport

/// `run --gotcha NAME`: each pitfall as it happens, then the same steps with the fix.
enum GotchaDemo {
    static func run(_ gotcha: Gotcha, timeline: Timeline, context: DemoContext) {
        switch gotcha {
        case .captured: captured(timeline: timeline, context: context)
        case .escaping: escaping(timeline: timeline, context: context)
        case .unimplemented: unimplemented(timeline: timeline, context: context)
        }
    }

    /// Where did the post go: counts the timeline file before and after `action`.
    private static func destination(
        of action: () throws -> Void, timeline: Timeline
    ) -> String {
        let before = (try? timeline.posts().count) ?? 0
        do {
            try action()
        } catch {
            return "nowhere: \(error)"
        }
        let after = (try? timeline.posts().count) ?? 0
        return after > before
            ? "→ posted to the LIVE timeline (\(timeline.fileURL.lastPathComponent) in your workspace)  ✗"
            : "→ nothing written to the timeline  ✓"
    }

    private static func captured(timeline: Timeline, context: DemoContext) {
        context.print("The onboarding tour is created with the preview client, so that trying it posts nothing:")
        context.print()
        context.print("    let tour = withDependencies { $0.socialClient = .previewValue } operation: { OnboardingModel() }")
        context.print()
        context.print(
            "The scope has returned when the user reaches the compose step, and the tour makes "
                + "its compose model then. (The app around it runs live, as apps do.)"
        )
        DependencyValuesDemo.inFreshValues(.live, timeline: timeline) {
            let tour = withDependencies { $0.socialClient = .previewValue } operation: { OnboardingModel() }
            context.print()
            context.print("    tour.makeComposerForgettingScope()   // ComposeModel()")
            let naive = destination(of: { _ = try tour.makeComposerForgettingScope().share("My first post") }, timeline: timeline)
            context.print("      share(\"My first post\") \(naive)")
            context.print("      The new model's @Dependency captured the values in force *now*, outside the scope.")
            context.print()
            context.print("    tour.makeComposer()   // withDependencies(from: self) { _ in } operation: { ComposeModel() }")
            let fixed = destination(of: { _ = try tour.makeComposer().share("My first post") }, timeline: timeline)
            context.print("      share(\"My first post\") \(fixed)")
            context.print("      withDependencies(from:) starts from the values the tour captured: the preview client.")
        }
    }

    private static func escaping(timeline: Timeline, context: DemoContext) {
        context.print(
            "A dialog keeps a closure and runs it when Post is tapped. The code that asks runs in a "
                + "scope with a recording client; the tap comes later, from the live app."
        )
        let recorded = LockIsolated<[Post]>([])
        let recording = SocialClient(
            send: { post in recorded.withValue { $0.append(post) } },
            sentPosts: { recorded.value }
        )
        DependencyValuesDemo.inFreshValues(.live, timeline: timeline) {
            for fixed in [false, true] {
                recorded.setValue([])
                let dialog = ConfirmDialog()
                let call = fixed ? "ask(toPost:)" : "askForgettingScope(toPost:)"
                context.print()
                context.print("    withDependencies { $0[SocialClient.self] = recording } operation: {")
                context.print("        dialog.\(call)")
                context.print("    }")
                context.print("    try dialog.tapPost()")
                withDependencies { $0[SocialClient.self] = recording } operation: {
                    if fixed {
                        dialog.ask(toPost: "Posted after the tap")
                    } else {
                        dialog.askForgettingScope(toPost: "Posted after the tap")
                    }
                }
                let went = destination(of: { try dialog.tapPost() }, timeline: timeline)
                context.print("      \(went); the recording client got \(recorded.value.count) post(s)")
                context.print(fixed
                    ? "      withEscapedDependencies kept the asking scope's values, and yield restored them."
                    : "      The closure read @Dependency when it ran, in the tap's scope, not in the asking one.")
            }
        }
    }

    private static func unimplemented(timeline: Timeline, context: DemoContext) {
        context.print("A test that calls QuickShare.share without saying what `send` should do:")
        context.print()
        context.print("    withDependencies { $0.context = .test } operation: { try QuickShare.share(\"Hi\") }")
        context.print()
        let collector = IssueCollector()
        withIssueReporters([collector]) {
            DependencyValuesDemo.inFreshValues(.test, timeline: timeline) {
                do {
                    _ = try QuickShare.share("Hi")
                    context.print("  it succeeded (it should not have)")
                } catch {
                    context.print("  it threw \(error)   ← the unimplemented endpoint's error")
                }
            }
        }
        context.print("  and reported, through IssueReporting:")
        for message in collector.messages {
            context.print("    ! \(DependencyValuesDemo.firstLine(of: message))")
        }
        context.print()
        context.print(
            "Under `swift test`, in Xcode, and in this tutor's `check` (which runs your tests under "
                + "XCTest), each report fails the test: an XCTFail, or a Swift Testing issue. Only a program "
                + "that is not a test run, like this demo, carries on after a warning: a line on standard "
                + "error on Linux and other non-Apple platforms, a runtime warning in Xcode on Apple ones."
        )
        context.print("This demo collects the reports to show them above. The thrown error stops the call anyway.")
        context.print()
        context.print("The fix: override what the code touches; here one endpoint and the date.")
        context.print()
        context.print("    withDependencies {")
        context.print("        $0.context = .test")
        context.print("        $0.socialClient.send = { _ in }")
        context.print("        $0.date.now = Date(timeIntervalSince1970: 1_466_208_000)")
        context.print("    } operation: { try QuickShare.share(\"Hi\") }")
        let checked = IssueCollector()
        withIssueReporters([checked]) {
            DependencyValuesDemo.inFreshValues(.test, timeline: timeline) {
                do {
                    let post = try withDependencies {
                        $0.socialClient.send = { _ in }
                        $0.date.now = DependencyValuesDemo.testDay
                    } operation: {
                        try QuickShare.share("Hi")
                    }
                    context.print("  → \(DependencyValuesDemo.describe(post)), issues reported: \(checked.messages.count)")
                } catch {
                    context.print("  it threw \(error)")
                }
            }
        }
    }
}
